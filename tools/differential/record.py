#!/usr/bin/env python3
"""Records seeded catanatron games (random players) as JSON lines for differential replay.

One output file per game, `game-<seed>.jsonl`:
  line 1  {"kind": "game", ...}   seed, seating colours, rules (vps_to_win, discard_limit),
          geometry (every land tile's cube coordinate, resource, number, node id per corner,
          edge node pairs per side), harbors (resource or null for 3:1, their two node ids),
          robber coordinate, and the public state before the first action.
  then    {"kind": "step", ...}   per decision: the player to act, catanatron's legal actions,
          the action taken as catanatron logs it (chance filled in: dice rolled, card stolen,
          development card drawn, cards discarded), and the public state after it.
  last    {"kind": "end", ...}    winner (or null at catanatron's turn cap) and step count.

catanatron's own log already carries each chance result, so nothing is monkeypatched.
Usage: python record.py OUT_DIR --games N [--first-seed S] [--gzip]
"""
import argparse
import gzip
import json
import os
import sys

import catanatron.models.actions as cat_actions
import catanatron.state as cat_state
from catanatron import Color, Game, RandomPlayer
from catanatron.models.enums import Action, ActionType
from catanatron.models.enums import DEVELOPMENT_CARDS, RESOURCES
from catanatron.models.map import PORT_DIRECTION_TO_NODEREFS, LandTile, Port

COLORS = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)

# Known divergence D1 (README): catanatron lets a development card be played on the turn it
# was bought; base CATAN (base-rules §6) does not. With --conform (the default) the recorder
# counts the cards bought this turn and hides them from catanatron's "can play" check, so the
# recorded games stay rule-conformant and the replay can go on looking for other differences.
BOUGHT_THIS_TURN = {}
CONFORM = [True]
_original_can_play = cat_state.player_can_play_dev


def _conforming_can_play(state, color, dev_card):
    if not _original_can_play(state, color, dev_card):
        return False
    key = f"P{state.color_to_index[color]}_{dev_card}_IN_HAND"
    playable = state.player_state[key] - BOUGHT_THIS_TURN.get((color, dev_card), 0) >= 1
    if playable and dev_card == "ROAD_BUILDING":
        FREE_ROAD_CHECK[0] = True  # the next road list decides whether the card is offered
    return playable


# Known divergence D4 (README): catanatron lists Road Building's free roads (and offers the
# card at all) only to a player holding a lumber and a brick, the price of a paid road. With
# --conform the free-road lists ignore the price: during Road Building, and for the check
# that offers the card (flagged by the "can play" check just before it).
FREE_ROAD_CHECK = [False]
_original_road_list = cat_actions.road_building_possibilities


def _conforming_road_list(state, color):
    free = state.is_road_building or FREE_ROAD_CHECK[0]
    FREE_ROAD_CHECK[0] = False
    if not free:
        return _original_road_list(state, color)
    if state.player_state[f"P{state.color_to_index[color]}_ROADS_AVAILABLE"] <= 0:
        return []
    return [Action(color, ActionType.BUILD_ROAD, e) for e in state.board.buildable_edges(color)]


def conform(enabled):
    fn = _conforming_can_play if enabled else _original_can_play
    cat_state.player_can_play_dev = fn
    cat_actions.player_can_play_dev = fn
    roads = _conforming_road_list if enabled else _original_road_list
    cat_state.road_building_possibilities = roads
    cat_actions.road_building_possibilities = roads


def plain(value):
    """JSON-friendly form of an action value (tuples, enums, colours)."""
    if isinstance(value, Color):
        return value.value
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def action_json(action):
    return [action.color.value, action.action_type.value, plain(action.value)]


def geometry(game):
    cmap = game.state.board.map
    tiles, ports = [], []
    for coord, tile in sorted(cmap.tiles.items()):
        if isinstance(tile, LandTile):
            tiles.append({
                "cube": list(coord),
                "resource": tile.resource,
                "number": tile.number,
                "nodes": {ref.value: nid for ref, nid in tile.nodes.items()},
                "edges": {ref.value: list(edge) for ref, edge in tile.edges.items()},
            })
        elif isinstance(tile, Port):
            a, b = PORT_DIRECTION_TO_NODEREFS[tile.direction]
            ports.append({"resource": tile.resource, "nodes": [tile.nodes[a], tile.nodes[b]]})
    return tiles, ports


def public_state(game):
    state = game.state
    ps = state.player_state
    players = []
    for index, color in enumerate(state.colors):
        key = f"P{index}"
        players.append({
            "color": color.value,
            "hand": [ps[f"{key}_{r}_IN_HAND"] for r in RESOURCES],
            "dev_hand": [ps[f"{key}_{d}_IN_HAND"] for d in DEVELOPMENT_CARDS],
            "dev_played": [ps[f"{key}_PLAYED_{d}"] for d in DEVELOPMENT_CARDS],
            "roads_left": ps[f"{key}_ROADS_AVAILABLE"],
            "settlements_left": ps[f"{key}_SETTLEMENTS_AVAILABLE"],
            "cities_left": ps[f"{key}_CITIES_AVAILABLE"],
            "vp": ps[f"{key}_VICTORY_POINTS"],
            "actual_vp": ps[f"{key}_ACTUAL_VICTORY_POINTS"],
            "longest_road_length": ps[f"{key}_LONGEST_ROAD_LENGTH"],
            "longest_road": ps[f"{key}_HAS_ROAD"],
            "largest_army": ps[f"{key}_HAS_ARMY"],
        })
    return {
        "players": players,
        "bank": list(state.resource_freqdeck),
        "dev_deck": len(state.development_listdeck),
        "robber": list(state.board.robber_coordinate),
        "turn": state.colors[state.current_turn_index].value,
        "to_act": state.current_color().value,
        "num_turns": state.num_turns,
    }


def record(seed, out, turn_cap):
    BOUGHT_THIS_TURN.clear()
    players = [RandomPlayer(c) for c in COLORS]
    game = Game(players, seed=seed, discard_limit=7, vps_to_win=10)
    tiles, ports = geometry(game)
    header = {
        "kind": "game",
        "seed": seed,
        "catanatron": "3.2.1",
        "conform": CONFORM[0],
        "colors": [c.value for c in game.state.colors],
        "vps_to_win": game.vps_to_win,
        "discard_limit": game.state.discard_limit,
        "tiles": tiles,
        "ports": ports,
        "state": public_state(game),
    }
    out.write(json.dumps(header, separators=(",", ":")) + "\n")
    steps = 0
    while game.winning_color() is None and game.state.num_turns < turn_cap:
        legal = [action_json(a) for a in game.state.playable_actions]
        to_act = game.state.current_color().value
        player = game.state.current_player()
        chosen = player.decide(game, game.state.playable_actions)
        logged = game.execute(chosen)
        if logged.action_type.value == "BUY_DEVELOPMENT_CARD":
            key = (logged.color, logged.value)
            BOUGHT_THIS_TURN[key] = BOUGHT_THIS_TURN.get(key, 0) + 1
            game.state.playable_actions = cat_actions.generate_playable_actions(game.state)
        elif logged.action_type.value == "END_TURN":
            BOUGHT_THIS_TURN.clear()
        out.write(json.dumps({
            "kind": "step",
            "i": steps,
            "to_act": to_act,
            "legal": legal,
            "action": action_json(logged),
            "state": public_state(game),
        }, separators=(",", ":")) + "\n")
        steps += 1
    winner = game.winning_color()
    out.write(json.dumps({"kind": "end", "winner": winner.value if winner else None,
                          "steps": steps}) + "\n")
    return steps


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--gzip", action="store_true", help="write game-<seed>.jsonl.gz")
    parser.add_argument("--turn-cap", type=int, default=1000)
    parser.add_argument("--no-conform", action="store_true",
                        help="keep catanatron's known divergences (see README) instead of patching them")
    args = parser.parse_args()
    CONFORM[0] = not args.no_conform
    conform(CONFORM[0])
    os.makedirs(args.out_dir, exist_ok=True)
    total = 0
    for seed in range(args.first_seed, args.first_seed + args.games):
        name = os.path.join(args.out_dir, f"game-{seed}.jsonl")
        if args.gzip:
            with gzip.open(name + ".gz", "wt", compresslevel=9) as out:
                total += record(seed, out, args.turn_cap)
        else:
            with open(name, "w") as out:
                total += record(seed, out, args.turn_cap)
    print(f"{args.games} games, {total} steps -> {args.out_dir}", file=sys.stderr)


if __name__ == "__main__":
    main()
