#!/usr/bin/env python3
"""Random rule files for the differential check of ludic's two tiers.

gen.py SEED -> prints one rule file on stdout.
"""
import random
import sys

KINDS = ["A", "B", "C"]


class G:
    def __init__(self, rng):
        self.r = rng
        self.kinds = KINDS[: rng.randint(1, 3)]
        self.counters = []
        self.toggles = []  # bool toggles
        self.flip_toggles = []
        self.has_again = False
        self.regions = ["Far", "Home", "Mid"]

    def pick(self, xs):
        return self.r.choice(xs)

    def chance(self, p):
        return self.r.random() < p

    # ---- board -----------------------------------------------------
    def board(self):
        r = self.r
        t = r.choice(["square", "square", "square", "dark", "hex", "rhombus", "tri", "graph"])
        self.btype = t
        if t == "square":
            rows, cols = r.randint(3, 8), r.randint(3, 8)
            adj = r.choice(["Orthogonal", "Diagonal", "All"])
            self.rows = rows
            self.dirs = {"Orthogonal": "N E S W", "Diagonal": "NE SE SW NW", "All": "N NE E SE S SW W NW"}[adj].split()
            return f"(board (square {rows} {cols} adjacency:{adj}) labels:Coordinates)"
        if t == "dark":
            rows, cols = r.randint(4, 8), r.randint(4, 8)
            self.rows = rows
            self.dirs = "NE SE SW NW".split()
            lab = r.choice(["Numbers", "Coordinates"])
            return f"(board (square {rows} {cols} cells:Dark adjacency:Diagonal) labels:{lab})"
        if t == "hex":
            s = r.randint(2, 4)
            self.rows = 2 * s - 1
            self.dirs = "E NE NW W SW SE".split()
            return f"(board (hex {s}) labels:Coordinates)"
        if t == "rhombus":
            c, ro = r.randint(3, 6), r.randint(3, 6)
            self.rows = ro
            self.dirs = "E NE NW W SW SE".split()
            return f"(board (rhombus {c} {ro}) labels:Coordinates)"
        if t == "tri":
            s = r.randint(2, 4)
            s2 = s + r.choice([0, 1])
            self.rows = 2 * s
            self.dirs = "E NE NW W SW SE".split()
            return f"(board (tri {s} {s2}) labels:Coordinates)"
        # graph: a w x h grid of points, some missing, edges along rows, columns, some diagonals
        w, h = r.randint(3, 5), r.randint(3, 5)
        self.rows = h
        pts = {}
        for y in range(h):
            for x in range(w):
                if r.random() < 0.85:
                    pts[(x, y)] = f"{'abcdefgh'[x]}{y + 1}"
        sites = " ".join(f'(site "{l}" {x} {y})' for (x, y), l in sorted(pts.items()))
        edges = []
        for y in range(h):
            row = [pts[(x, y)] for x in range(w) if (x, y) in pts]
            if len(row) >= 2:
                edges.append(row)
        for x in range(w):
            col = [pts[(x, y)] for y in range(h) if (x, y) in pts]
            if len(col) >= 2 and r.random() < 0.8:
                edges.append(col)
        for _ in range(r.randint(0, 3)):
            x, y = r.randint(0, w - 2), r.randint(0, h - 2)
            if (x, y) in pts and (x + 1, y + 1) in pts:
                edges.append([pts[(x, y)], pts[(x + 1, y + 1)]])
        es = " ".join("(edge " + " ".join(f'"{l}"' for l in e) + ")" for e in edges)
        self.graph_sites = sorted(pts.values())
        self.dirs = "N NE E SE S SW W NW".split()
        return f"(board (graph {sites} {es}) labels:Coordinates)"

    # ---- conditions -------------------------------------------------
    def dirs_expr(self):
        r = self.r
        c = r.random()
        if c < 0.5:
            return r.choice(["Forward", "Backward", "All", "Orthogonal", "Diagonal", "Forward", "All"])
        if c < 0.7:
            return "(and Forward " + r.choice(["Diagonal", "Orthogonal"]) + ")"
        ds = r.sample(self.dirs, r.randint(1, min(3, len(self.dirs))))
        if len(ds) == 1:
            return ds[0]
        return "{" + " ".join(ds) + "}"

    def num(self, depth, site=None):
        r = self.r
        s = f" {site}" if site else ""
        opts = [
            lambda: f"(height{s})",
            lambda: str(r.randint(0, 3)),
            lambda: "(pieces)",
            lambda: f"(count (neighbours{s} {self.pick(['Enemy', 'Friend', 'Empty', 'Mine'])}))",
            lambda: f"(count (where {self.pick(['Mine', 'Enemy', 'Empty'])}))",
            lambda: f'(distance{s} "{self.pick(self.regions)}")',
        ]
        if self.counters:
            opts.append(lambda: f'(counter "{self.pick(self.counters)}")')
        if getattr(self, "int_toggle", False):
            opts.append(lambda: "$n")
        if depth < 2 and r.random() < 0.2:
            return f"(sum {self.num(depth + 1, site)} {self.num(depth + 1, site)})"
        return r.choice(opts)()

    def cond(self, depth=0, role="to", site=None):
        """A condition. role: from / to / over / through / free."""
        r = self.r
        base = ["Empty", "Enemy", "Mine", "(not Empty)", "(not Mine)"]
        s = f" {site}" if site else ""
        opts = [
            lambda: self.pick(base) if not site else f"({self.pick(['empty', 'enemy', 'mine'])}{s})",
            lambda: self.pick(base) if not site else f"({self.pick(['empty', 'enemy', 'mine'])}{s})",
            lambda: f'(kind{s} "{self.pick(self.kinds)}")',
            lambda: f'(in{s} "{self.pick(self.regions)}")',
            lambda: f"({self.pick(['equal', 'at-least', 'at-most', 'more-than', 'less-than'])} {self.num(depth + 1, site)} {self.num(depth + 1, site)})",
            lambda: f"(ahead{s} {self.dirs_expr()} {self.pick(['Empty', 'Enemy', 'Mine'])})",
            lambda: f"(unmoved{s})",
            lambda: f"(marked{s})",
            lambda: f"(any (neighbours{s} {self.pick(['Enemy', 'Friend', 'Empty'])}))",
            lambda: f"(line {r.randint(2, 3)}{s or ' To' if role == 'to' else s} of:{self.pick(['Mine', 'Enemy'])})"
            if role != "free" else "(holds)",
            lambda: f"(attacked{s})" if role in ("to", "free") else f"(holds{s})",
            lambda: f"(holds-only{s})",
        ]
        if self.toggles:
            opts.append(lambda: f"${self.pick(self.toggles)}")
        if role == "to":
            opts.append(lambda: f"({self.pick(['empty', 'enemy', 'mine'])} {self.pick(['From', 'Last', 'Passed'])})")
        if role == "over":
            opts.append(lambda: "(enemy To)")
        if depth < 2 and r.random() < 0.35:
            op = r.choice(["and", "or", "not"])
            if op == "not":
                return f"(not {self.cond(depth + 1, role, site)})"
            return f"({op} {self.cond(depth + 1, role, site)} {self.cond(depth + 1, role, site)})"
        return r.choice(opts)()

    # ---- effects ----------------------------------------------------
    def effect(self, gen, depth=0):
        r = self.r
        opts = [
            lambda: f'(if {self.cond(1, "free", "To")} (push To 1))',
            lambda: f'(if (in To "Far") ({self.pick(["win", "lose", "draw"])}))',
            lambda: f'(set-kind To "{self.pick(self.kinds)}")',
            lambda: "(mark To)",
            lambda: f"(remove-all (neighbours To {self.pick(['Enemy', 'Friend'])}))",
            lambda: "(convert-all (run To through:Enemy close:Mine))",
            lambda: "(end-turn)",
            lambda: f"(remove-all (flanked To middle:{self.pick(['Enemy', 'Occupied'])} end:{self.pick(['Mine', 'Occupied'])}))",
            lambda: f'(if (in To "Far") (set-kind To "{self.pick(self.kinds)}"))',
            lambda: f"(push To {r.randint(1, 2)})",
            lambda: "(clear-marks)",
            lambda: f"(remove-all (where (and Enemy (equal (height) {r.randint(1, 2)}))))",
        ]
        if gen == "hop":
            opts.append(lambda: "(remove Over)")
            opts.append(lambda: "(push Over 1)")
        if gen in ("step", "slide", "leap") and self.r.random() < 0.3:
            opts.append(lambda: "(move-stack Beyond Passed)")
        if self.counters:
            opts.append(lambda: f'(add-counter "{self.pick(self.counters)}" {r.randint(-1, 2)})')
            opts.append(lambda: f'(set-counter "{self.pick(self.counters)}" {r.randint(0, 3)})')
        if self.flip_toggles:
            opts.append(lambda: f"(flip {self.pick(self.flip_toggles)})")
        if self.has_again and r.random() < 0.5:
            opts.append(lambda: f'(if {self.cond(1, "free", "To")} (again "Extra"))')
        return r.choice(opts)()

    def effects(self, gen):
        n = self.r.randint(1, 2)
        es = [self.effect(gen) for _ in range(n)]
        return es[0] if n == 1 else "{" + " ".join(es) + "}"

    # ---- generators -------------------------------------------------
    def common_tail(self, gen, allow_check=True):
        r = self.r
        out = []
        if self.chance(0.35):
            out.append("then:" + self.effects(gen))
        if allow_check and self.chance(0.15):
            out.append("after:" + self.after_cond())
        if allow_check and gen != "hop" and self.chance(0.1):
            out.append("check:" + self.after_cond())
        return out

    def after_cond(self):
        r = self.r
        return r.choice([
            f"(not (attacked To))",
            f"(less-than (count (where Enemy)) {r.randint(1, 6)})",
            f"(not (line 3 To))",
            f"(at-most (count (neighbours To Enemy)) {r.randint(0, 2)})",
            self.cond(1, "to", "To"),
            f'(not (in-check "{self.kinds[0]}"))',
        ])

    def pieces_opt(self):
        if self.chance(0.2):
            return [f"pieces:{self.pick(['One', 'Part', 'Any', 'Whole'])}"]
        return []

    def gen_move(self):
        r = self.r
        kind = r.choice(["step", "step", "hop", "hop", "slide", "leap", "place", "select", "relocate", "pass", "flip"])
        a = []
        if kind in ("step", "hop", "slide", "leap", "relocate"):
            if self.chance(0.6):
                a.append("from:" + self.cond(0, "from"))
            a += self.pieces_opt()
        if kind == "step":
            a.append("dirs:" + self.dirs_expr())
            a.append("to:" + self.cond(0, "to"))
            if self.chance(0.3):
                a.append("capture:true")
            if self.counters and self.chance(0.2):
                a.append(f'cost:1 budget:"{self.counters[0]}"')
            if self.chance(0.1) and len(self.kinds) > 1:
                a.append(f'promote:{{"{self.kinds[1]}"}} zone:"Far"')
            a += self.common_tail("step")
        elif kind == "hop":
            a.append("dirs:" + self.dirs_expr())
            if self.chance(0.7):
                a.append("over:" + self.cond(0, "over"))
            a.append("to:" + self.cond(0, "to") if self.chance(0.6) else "to:Empty")
            if self.chance(0.4):
                a.append("capture:" + self.pick(["true", "false", "End"]))
            if self.chance(0.2):
                a.append("flying:true")
            if self.chance(0.5):
                a.append("chain:" + self.pick(["true", "true", "Level"]))
            elif self.chance(0.15):
                a.append("repeat:true")
            if self.chance(0.15):
                a.append("finally:" + self.effects("hop"))
            a += self.common_tail("hop")
        elif kind == "slide":
            a.append("dirs:" + self.dirs_expr())
            if self.chance(0.3):
                a.append("through:" + self.cond(1, "through"))
            if self.chance(0.6):
                a.append("to:" + self.cond(0, "to"))
            if self.chance(0.4):
                a.append("capture:true")
            a += self.common_tail("slide")
        elif kind == "leap":
            offs = set()
            for _ in range(r.randint(1, 4)):
                offs.add((r.randint(-2, 2), r.randint(-2, 2)))
            offs.discard((0, 0))
            if not offs:
                offs = {(1, 2)}
            a.insert(0, "by:{" + " ".join(f"{{{x} {y}}}" for x, y in sorted(offs)) + "}")
            if self.chance(0.7):
                a.append("to:" + self.cond(0, "to"))
            if self.chance(0.4):
                a.append("capture:true")
            a += self.common_tail("leap")
        elif kind == "place":
            a.append(f'"{self.pick(self.kinds)}"')
            a.append("to:" + (self.cond(0, "to") if self.chance(0.5) else f"(and Empty {self.cond(1, 'to')})"))
            if self.chance(0.2):
                a.append("sites:" + self.pick(["(run Last dirs:All)", "(where (any (neighbours Mine)))", "(neighbours Last Empty)"]))
            a += self.common_tail("place")
        elif kind == "select":
            a.append("to:" + self.cond(0, "to"))
            a.append("then:" + self.pick(["(remove To)", "(push To 1)", "(set-kind To \"A\")", self.effects("select")]))
        elif kind == "relocate":
            a.append("to:" + self.cond(0, "to"))
            if self.chance(0.3):
                a.append("capture:true")
            a += self.common_tail("relocate")
        elif kind == "pass":
            return "(pass)"
        elif kind == "flip":
            if not self.flip_toggles:
                return "(pass)"
            a.insert(0, self.pick(self.flip_toggles))
            a.append("to:" + self.cond(0, "to"))
            if self.chance(0.5):
                a.append("then:(mark To)")
        return f"({kind} " + " ".join(a) + ")"

    def moves_block(self, allow_end=False):
        r = self.r
        if self.chance(0.35):
            groups = []
            for _ in range(r.randint(2, 3)):
                ms = [self.gen_move() for _ in range(r.randint(1, 2))]
                groups.append("{" + " ".join(ms) + "}")
            if allow_end:
                groups[-1] = groups[-1][:-1] + " (end-phase)}"
            return "(priority " + " ".join(groups) + ")"
        ms = [self.gen_move() for _ in range(r.randint(1, 4))]
        if allow_end:
            ms.append("(end-phase)")
        return "{" + " ".join(ms) + "}"

    # ---- whole game -------------------------------------------------
    def game(self):
        r = self.r
        lines = []
        nt = r.randint(0, 2)
        for i in range(nt):
            name = f"t{i}"
            self.toggles.append(name)
            lines.append(f'(toggle {name} bool default:{self.pick(["true", "false"])} "a switch")')
        if self.toggles and self.chance(0.5):
            self.flip_toggles = [self.toggles[0]]
        if self.chance(0.3):
            lines.append('(toggle n int default:2 range:{1 4} "a number")')
            self.int_toggle = True
        else:
            self.int_toggle = False
        nplayers = 2 if self.chance(0.9) else 3
        if nplayers == 2:
            lines.append('(players (player "White" letter:"W" forward:N) (player "Black" letter:"B" forward:S))')
        else:
            lines.append('(players (player "White" letter:"W" forward:N) (player "Black" letter:"B" forward:S) (player "Red" letter:"R" forward:E))')
        lines.append(self.board())
        for k in self.kinds:
            lines.append(f'(piece "{k}" letter:"{k}")')
        if self.chance(0.8):
            lines.append(f"(stack-limit {r.choice([1, 1, 2, 3, 4])})")
        if self.chance(0.4):
            self.counters = ["c"]
            lines.append(f'(counter "c" init:{r.randint(0, 5)})')
        lines.append('(region "Far" (side Forward))')
        lines.append('(region "Home" (side Backward))')
        if self.btype == "graph":
            mid = r.sample(self.graph_sites, min(3, len(self.graph_sites)))
            lines.append('(region "Mid" (sites ' + " ".join(f'"{s}"' for s in mid) + "))")
        else:
            lines.append(f'(region "Mid" {self.pick(["(centre)", "(rows 1 1)", "(union (centre) (row 0))"])})')
        # setup
        fills = []
        if self.btype == "graph":
            n = len(self.graph_sites)
            k = max(1, n // 4)
            p1 = self.graph_sites[:k]
            p2 = self.graph_sites[-k:]
            fills.append(f'(fill "{self.kinds[0]}" P1 (sites ' + " ".join(f'"{s}"' for s in p1) + "))")
            fills.append(f'(fill "{self.pick(self.kinds)}" P2 (sites ' + " ".join(f'"{s}"' for s in p2) + "))")
        else:
            depth = r.randint(0, max(0, self.rows // 2 - 1))
            if r.random() < 0.85:
                fills.append(f'(fill "{self.kinds[0]}" P1 (rows 0 {depth}))')
                fills.append(f'(fill "{self.pick(self.kinds)}" P2 (rows {-1 - depth} -1))')
            if len(self.kinds) > 1 and self.chance(0.4):
                fills.append(f'(fill "{self.kinds[1]}" P1 (row {depth + 1}) count:{r.randint(1, 2)})')
        if nplayers == 3 and self.btype != "graph":
            fills.append(f'(fill "{self.kinds[0]}" P3 (column 0))')
        if fills:
            lines.append("(setup " + " ".join(fills) + ")")
        if self.chance(0.3):
            self.has_again = True
        if self.chance(0.15):
            lines.append(f'(royal "{self.kinds[0]}")')
        # play
        if self.chance(0.15):
            ph = []
            for i in range(r.randint(2, 3)):
                rep = self.chance(0.4)
                if self.chance(0.2):
                    ph.append(f'(phase "P{i}" auto:{self.effect_auto()})')
                else:
                    ph.append(f'(phase "P{i}" {self.moves_block(allow_end=rep)}' + (" repeat:true)" if rep else ")"))
            lines.append("(phases " + " ".join(ph) + ")")
        else:
            mx = ""
            if self.chance(0.15):
                mx = " maximize:" + self.pick(["Captures", "Steps"])
            lines.append(f"(play {self.moves_block()}{mx})")
        if self.has_again:
            lines.append(f'(moves "Extra" {self.moves_block()})')
        # end
        ends = []
        ends.append(f"(no-moves {self.pick(['Loss', 'Win', 'Draw', 'Loss'])})")
        if self.chance(0.4):
            ends.append("(lose-when (equal (pieces) 0))")
        if self.chance(0.3):
            ends.append(f"(turn-limit {r.randint(5, 60)})")
        if self.chance(0.25):
            ends.append("(score (count (where Mine)))")
            if self.chance(0.5):
                ends.append("(passes 2)")
        if self.chance(0.2):
            ends.append("(draw-repetition 3)")
        if self.chance(0.2):
            ends.append(f"(draw-no-progress {r.randint(2, 20)} reset:{{Capture}})")
        if self.chance(0.1):
            ends.append(f'(no-moves Loss if:(in-check "{self.kinds[0]}"))')
        lines.append("(end " + " ".join(ends) + ")")
        return '(game "Fuzz"\n  ' + "\n  ".join(lines) + ")\n"

    def effect_auto(self):
        r = self.r
        return r.choice([
            "(battle)",
            f'(push-each (where (and Mine (in "Home"))) 1 "{self.kinds[0]}" max:3)',
            "(clear-marks)",
            "(for-each-player (remove-all (where (and (holds-only) (in \"Far\")))))",
            '(set-counter "c" 2)' if self.counters else "(clear-marks)",
        ])


class P(G):
    """Placement games: stones placed under filters on roles and groups."""

    def pcond(self, depth=0, site=None):
        r = self.r
        s = f" {site}" if site else ""
        opts = [
            lambda: f"(role{s} \"{self.pick(self.roles)}\")",
            lambda: f"({self.pick(['equal', 'at-least', 'at-most', 'more-than', 'less-than'])} (count (neighbours{s} {self.pick(['Friend', 'Enemy', 'Empty', 'Mine'])})) {r.randint(0, 3)})",
            lambda: f"({self.pick(['at-least', 'at-most', 'more-than', 'less-than'])} (count (group{s})) {r.randint(1, 5)})",
            lambda: f"(any (neighbours{s} (and Enemy (role \"{self.pick(self.roles)}\"))))",
            lambda: f"(connected (neighbours{s} Friend))",
            lambda: f"(line {r.randint(3, 4)}{s})",
            lambda: self.pick(["Empty", "Mine", "Enemy"]) if not site else f"({self.pick(['empty', 'mine', 'enemy'])}{s})",
            lambda: f"(at-least (count (group{s} (role \"{self.pick(self.roles)}\"))) (count (group{s} (not (role \"{self.pick(self.roles)}\")))))",
            lambda: f"(any (run{s} through:Enemy close:Mine))",
        ]
        if self.toggles:
            opts.append(lambda: f"${self.pick(self.toggles)}")
        if depth < 2 and r.random() < 0.3:
            op = r.choice(["and", "or", "not"])
            if op == "not":
                return f"(not {self.pcond(depth + 1, site)})"
            return f"({op} {self.pcond(depth + 1, site)} {self.pcond(depth + 1, site)})"
        return r.choice(opts)()

    def peffect(self):
        r = self.r
        role = lambda: f'(role "{self.pick(self.roles)}")'
        return r.choice([
            f"(remove-all (adjacent-to (group To {role()}) (and Enemy {role()})))",
            f"(remove-all (adjacent-to (group To) (and Enemy (not (any (neighbours Empty))))))",
            f"(groups (adjacent-to Removed Enemy) when:(not {role()}) remove:{role()} convert:{role()})",
            f"(groups (adjacent-to (group To) Enemy) when:{self.pcond(1)} remove:{role()})",
            "(convert-all (run To through:Enemy close:Mine))",
            f"(remove-all (flanked To))",
            f"(if (line {r.randint(3, 4)} To) (win))",
            f"(convert-all (neighbours To (and Enemy {role()})))",
            "(mark To)",
        ])

    def pmove(self):
        r = self.r
        if self.chance(0.1):
            return "(pass)"
        a = [f'(place "{self.kinds[0]}" to:(and Empty {self.pcond(1)})' if self.chance(0.6) else f'(place "{self.kinds[0]}" to:Empty']
        if self.chance(0.5):
            a.append("check:" + self.pcond(0, "To"))
        if self.chance(0.6):
            es = [self.peffect() for _ in range(r.randint(1, 2))]
            a.append("then:" + (es[0] if len(es) == 1 else "{" + " ".join(es) + "}"))
        if self.chance(0.4):
            a.append("after:" + self.pick([f"(every Converted {self.pcond(2)})", self.pcond(0, "To"), f"(not (any (where (and Mine (not {self.pcond(2)})))))"]))
        if self.chance(0.1):
            a.append("sites:(where (any (neighbours Mine)))")
        return " ".join(a) + ")"

    def game(self):
        r = self.r
        lines = []
        if self.chance(0.4):
            self.toggles = ["t0"]
            lines.append(f'(toggle t0 bool default:{self.pick(["true", "false"])} "a switch")')
        lines.append('(players (player "Dark" letter:"D") (player "Light" letter:"L"))')
        b = self.board()
        lines.append(b)
        lines.append(f'(piece "{self.kinds[0]}")')
        lines.append("(stack-limit 1)")
        self.roles = ["R0", "R1"]
        lines.append(f'(role "R0" (and (not Empty) {self.pcond(1) if self.chance(0.5) else "(at-most (count (neighbours Friend)) 1)"}))')
        self.roles = ["R0"]
        lines.append(f'(role "R1" (and (not Empty) (not (role "R0"))))')
        self.roles = ["R0", "R1"]
        if self.chance(0.5):
            lines.append(f'(role "R2" (and (not Empty) (at-least (count (group (role "R0"))) (count (group (role "R1"))))))')
            self.roles.append("R2")
        if self.btype != "graph" and self.chance(0.4):
            lines.append(f'(setup (fill "{self.kinds[0]}" P1 (sites "a1")) (fill "{self.kinds[0]}" P2 (centre)))')
        ms = [self.pmove() for _ in range(r.randint(1, 3))]
        if self.chance(0.3):
            lines.append("(play (priority {" + " ".join(ms) + "} {(pass)}))")
        else:
            lines.append("(play {" + " ".join(ms) + "})")
        if self.chance(0.5):
            lines.append(f"(heuristics (mobility {r.randint(1, 3)}) (material 2))")
        ends = [self.pick(["(passes 2)", "(no-moves Loss)", "(no-moves Score)"])]
        if self.chance(0.5):
            ends.append("(turn-limit 3 per-site:true)")
        sc = self.pick(['(role "R1")', '(role "R0")', '(not Empty)'])
        ends.append(f"(score (count (where (and Mine {sc}))))")
        lines.append("(end " + " ".join(ends) + ")")
        return '(game "FuzzPlace"\n  ' + "\n  ".join(lines) + ")\n"


def make(seed):
    rng = random.Random(seed)
    if rng.random() < 0.35:
        return P(random.Random(seed * 31 + 7))
    return G(random.Random(seed))


def main():
    seed = int(sys.argv[1])
    sys.stdout.write(make(seed).game())


if __name__ == "__main__":
    main()
