#!/usr/bin/env python3
"""Writes a small team event as a results CSV (for standings) and a TRF (for Gacrux).

The event is a Python literal: {"boards": n, "teams": {"T": [players...]},
"rounds": [[("H", "A", "1=0+"), ("bye", "T", "U"), ...], ...]}: each match names the home
team (white on odd boards), the away team and the home team's result on each board
(1 win, = draw, 0 loss, + forfeit win, - forfeit loss); a bye gives the team's members the
TRF bye code (U pairing-allocated, F full, H half, Z zero).
"""
import ast
import sys

event = ast.literal_eval(open(sys.argv[1]).read())
out_csv, out_trf = sys.argv[2], sys.argv[3]
teams = event["teams"]
boards = event["boards"]
number = {}
for team in teams.values():
    for player in team:
        number[player] = len(number) + 1
flip = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
csv_result = {"1": "1-0", "0": "0-1", "=": "½-½", "+": "+-", "-": "-+"}
value = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "U": 1.0, "F": 1.0, "H": 0.5, "Z": 0.0}
bye_csv = {"U": "bye", "F": "F", "H": "H", "Z": "Z"}
cells = {p: [] for p in number}
rows = ["round,board,white,black,result,white_team,black_team"]
for r, matches in enumerate(event["rounds"], 1):
    for match in matches:
        if match[0] == "bye":
            _, team, code = match
            for player in teams[team]:
                cells[player].append((0, "-", code))
                rows.append(f"{r},,{player},,{bye_csv[code]},{team},")
            continue
        home, away, results = match
        for b in range(1, boards + 1):
            h, a = teams[home][b - 1], teams[away][b - 1]
            mine = results[b - 1]
            theirs = flip[mine]
            if b % 2 == 1:
                cells[h].append((number[a], "w", mine))
                cells[a].append((number[h], "b", theirs))
                rows.append(f"{r},{b},{h},{a},{csv_result[mine]},{home},{away}")
            else:
                cells[h].append((number[a], "b", mine))
                cells[a].append((number[h], "w", theirs))
                rows.append(f"{r},{b},{a},{h},{csv_result[theirs]},{away},{home}")
with open(out_csv, "w") as f:
    f.write("\n".join(rows) + "\n")
# 362: match points 2/1/0, and a pairing-allocated bye worth a match won (Gacrux's default
# is a drawn match; its -G option fails in 1.9.57).
lines = ["012 Team event", f"XXR {len(event['rounds'])}",
         "362  W 2.0    D 1.0    L 0.0    P 2.0    A 0.0"]
for player, n in number.items():
    points = sum(value[c[2]] for c in cells[player])
    line = f"001 {n:4d}      {player:<34}2000{'':28}{points:4.1f} {n:4d}"
    for opponent, colour, code in cells[player]:
        line += f"  {opponent:4d} {colour} {code}" if opponent else f"  0000 - {code}"
    lines.append(line)
for name, members in teams.items():
    lines.append(f"013 {name:<31}" + "".join(f"{number[p]:5d}" for p in members))
with open(out_trf, "w") as f:
    f.write("\n".join(lines) + "\n")
