#!/usr/bin/env python3
"""Import Riftbound card data and precon decklists into TOML files.

Usage (from the repository root):

    python3 scripts/import_cards.py /work/shared/data/riftbound

Inputs (read-only, see the data folder's README.md):
  * cards_canonical_derived.json   one row per gameplay card (935 rows)
  * decklists/precon_*.json        the 13 retail precon decks

Outputs (relative to the current directory):
  * cards/<set>/<NNN>-<slug>.toml  one file per card
  * decks/<deck>.toml              one file per precon deck

The script uses only the Python standard library.  It is idempotent: the
output depends only on the input data, files are rewritten only when their
content changes, and nothing is ever deleted (TOML files in cards/ or decks/
that this run did not produce are only listed in the summary).

Design notes / decisions (also reported in the summary):
  * Rules text comes from `text_rich_html` (it keeps the line breaks that the
    plain `text` loses) as long as its content agrees with the plain text;
    otherwise the plain text is used.  List items (<li>) become their own
    lines, prefixed with "• " so modal choices stay recognisable.
  * Errata: the official errata quotes (`errata[-1].new_text`) are often
    abbreviated ("top card of Main Deck"), leave out costs ("Discard 1, [E]:")
    and keyword lines ("[Action] (...)"), and write "[C]" for "a rune of the
    card's domain".  Swapping the whole text for new_text would therefore lose
    real rules (activated-ability costs in particular).  Instead the importer
    computes a word diff old_text -> new_text and applies each change to the
    printed text at the place where the surrounding words match.  Changes that
    are already present in the printed text are skipped.  If a change cannot
    be located, the importer falls back to the literal rule (new_text
    replaces the text) and reports the card.
"""

import difflib
import glob
import html
import json
import os
import re
import sys
from collections import Counter, defaultdict

# ---------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------

# Domain -> Core Rules power/rune shorthand.
DOMAIN_SYMBOL = {
    "fury": "[R]",
    "calm": "[G]",
    "mind": "[B]",
    "body": "[O]",
    "chaos": "[P]",
    "order": "[Y]",
}
RAINBOW_SYMBOL = "[A]"  # "any domain" power, also used for domainless power
RUNE_SYMBOLS = set(DOMAIN_SYMBOL.values()) | {RAINBOW_SYMBOL}

# Known icon tokens (besides :rb_energy_N:, handled by a regex).
ICON_MAP = {
    "rb_rune_fury": "[R]",
    "rb_rune_calm": "[G]",
    "rb_rune_mind": "[B]",
    "rb_rune_body": "[O]",
    "rb_rune_chaos": "[P]",
    "rb_rune_order": "[Y]",
    "rb_rune_rainbow": "[A]",
    "rb_might": "[M]",
    "rb_exhaust": "[E]",
}

POWER_SPLIT_COMMENT = (
    "# power symbols split across domains by the importer: "
    "the source data gives only a count"
)

# Explicit name fixes for glitches in the source data (id -> name).
NAME_OVERRIDES = {
    # Source has "Yordle, Kennen - Heart of the Tempest" (a tag leaked into
    # the name); the card is the legend "Kennen, Heart of the Tempest".
    "VEN-155": "Kennen, Heart of the Tempest",
}

# Order of keys in the generated card files.
CARD_TYPES = ("unit", "spell", "gear", "rune", "legend", "battlefield")


# ---------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------

class Report:
    """Collects everything the summary prints at the end."""

    def __init__(self):
        self.unknown_icons = Counter()          # token -> occurrences
        self.unknown_icon_cards = defaultdict(set)
        self.notes = []                         # free-form decisions
        self.errata = defaultdict(list)         # status -> [card id + info]
        self.rich_fallback = []                 # cards using plain text
        self.unresolved_deck_entries = []
        self.deck_name_fallbacks = []


REPORT = Report()


def toml_string(value):
    """Return `value` as a TOML basic string (one line, fully escaped)."""
    out = ['"']
    for ch in value:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append("\\u%04X" % ord(ch))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def toml_multiline(value):
    """Return `value` as a TOML multi-line basic string.

    The newline right after the opening quotes is trimmed by TOML, so the
    value starts on its own line; the closing quotes follow the last line
    directly, so no trailing newline is added.  Backslashes and every double
    quote are escaped (escaping all quotes also avoids accidental `\"\"\"`).
    """
    out = []
    for ch in value:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append("\\u%04X" % ord(ch))
        else:
            out.append(ch)
    return '"""\n' + "".join(out) + '"""'


def toml_string_list(values):
    return "[" + ", ".join(toml_string(v) for v in values) + "]"


def slugify(name):
    """Lowercase name, runs of non-alphanumerics collapsed to '-'."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def write_if_changed(path, content, written):
    """Write `content` to `path` unless it already has exactly that content."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        with open(path, "r", encoding="utf-8", newline="") as fh:
            if fh.read() == content:
                written.append((path, False))
                return
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(content)
    written.append((path, True))


# ---------------------------------------------------------------------------
# Text conversion
# ---------------------------------------------------------------------------

ICON_RE = re.compile(r":rb_([a-z0-9_]+):")


def convert_icons(text, card_id):
    """Replace :rb_*: icon tokens by the Core Rules shorthands."""

    def repl(match):
        name = "rb_" + match.group(1)
        energy = re.fullmatch(r"rb_energy_(\d+)", name)
        if energy:
            return "[%s]" % energy.group(1)
        if name in ICON_MAP:
            return ICON_MAP[name]
        # Unknown token: keep it readable as a bracketed shorthand made from
        # the token name (e.g. :rb_foo_bar: -> [FOO_BAR]) and report it.
        REPORT.unknown_icons[match.group(0)] += 1
        REPORT.unknown_icon_cards[match.group(0)].add(card_id)
        short = name[3:]
        for prefix in ("rune_", "icon_"):
            if short.startswith(prefix):
                short = short[len(prefix):]
        return "[%s]" % short.upper()

    return ICON_RE.sub(repl, text)


def tidy_lines(lines):
    """Collapse runs of spaces, trim lines and drop empty ones."""
    out = []
    for line in lines:
        line = re.sub(r"[ \t\u00a0]+", " ", line).strip()
        if line:
            out.append(line)
    return out


def rich_to_lines(rich):
    """Split the rich HTML into text lines (tags stripped, unescaped)."""
    s = rich
    # Each list item becomes its own line with a bullet.
    s = re.sub(r"<li[^>]*>", "\n\u2022 ", s, flags=re.I)
    # Line breaks: <br>, <br/>, <br />, paragraph and list boundaries.
    s = re.sub(r"<br\s*/?>", "\n", s, flags=re.I)
    s = re.sub(r"</?(p|ul|ol|li|div)[^>]*>", "\n", s, flags=re.I)
    s = re.sub(r"<[^>]+>", "", s)          # any other tag
    s = html.unescape(s)
    return s.split("\n")


def squash(s):
    """Whitespace- and bullet-insensitive form used to compare texts."""
    return re.sub(r"[\s\u2022]+", "", s)


def printed_text(card):
    """Printed rules text as shorthand lines (before errata)."""
    plain = html.unescape(card.get("text") or "")
    if plain.strip() in ("", "[NO TEXT]"):
        return ""
    rich = card.get("text_rich_html") or ""
    lines = tidy_lines(rich_to_lines(rich)) if rich else []
    if lines and squash("".join(lines)).replace("\u2022", "") == squash(plain):
        text = "\n".join(lines)
    else:
        # The rich version is missing or says something else: trust the
        # plain text (one line) and report it.
        REPORT.rich_fallback.append(card["id"])
        text = "\n".join(tidy_lines([plain]))
    return convert_icons(text, card["id"])


# ---------------------------------------------------------------------------
# Errata
# ---------------------------------------------------------------------------

# A token is a bracketed shorthand ("[Assault 2]", "[>]", "[A]"), a word
# (letters/digits with inner apostrophes, hyphens, a leading +/-), or one
# punctuation character.  The whitespace before each token is kept with it,
# so the text (line breaks included) can be rebuilt exactly.
TOKEN_RE = re.compile(
    r"(\s*)(\[[^\[\]]*\]|[+\-]?[0-9A-Za-z\u00C0-\u024F]+(?:['\u2019\-][0-9A-Za-z\u00C0-\u024F]+)*|\S)"
)


def tokenize(text):
    """[[token, whitespace-before], ...]"""
    return [[m.group(2), m.group(1)] for m in TOKEN_RE.finditer(text)]


def detokenize(tokens):
    return "".join(pre + tok for tok, pre in tokens).strip()


def norm_token(tok):
    """Comparison form of a token: lowercase, typographic quotes folded."""
    tok = tok.lower().replace("\u2019", "'").replace("\u2018", "'")
    return tok.replace("\u201c", '"').replace("\u201d", '"')


def find_all(haystack, needle):
    """Start indices where the list `needle` occurs in the list `haystack`."""
    n = len(needle)
    if n == 0:
        return []
    return [i for i in range(len(haystack) - n + 1) if haystack[i:i + n] == needle]


def resolve_errata_symbols(text, printed, card):
    """Turn the errata-page notation into the card-file notation.

    * HTML entities and icon tokens are converted like the printed text.
    * "[S]" is the errata page's Might icon -> "[M]".
    * "[C]" means "a rune of the card's colour": take the one rune symbol the
      printed text uses, else the card's single domain, else leave "[C]".
    * "(...)" elides reminder text: take the reminder that follows the same
      word in the printed text.
    """
    text = convert_icons(html.unescape(text), card["id"])
    text = text.replace("[S]", "[M]")
    if "[C]" in text:
        used = sorted(set(re.findall(r"\[[RGBOPYA]\]", printed)))
        domains = [d.lower() for d in card["domains"] if d != "Colorless"]
        if len(used) == 1:
            text = text.replace("[C]", used[0])
        elif len(domains) == 1:
            text = text.replace("[C]", DOMAIN_SYMBOL[domains[0]])
        else:
            REPORT.notes.append("%s: errata '[C]' left unresolved" % card["id"])

    def expand(match):
        before = text[:match.start()].split()
        if before:
            found = re.search(re.escape(before[-1]) + r"\s*(\([^()]*\))", printed)
            if found:
                return found.group(1)
        return match.group(0)

    return re.sub(r"\(\.\.\.\)", expand, text)


def grouped_opcodes(old_n, new_n):
    """Non-equal difflib opcodes old -> new.  Changes separated by at most
    two equal tokens are merged, so each edit is one readable unit."""
    matcher = difflib.SequenceMatcher(None, old_n, new_n, autojunk=False)
    merged = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            merged.append([tag, i1, i2, j1, j2])
            continue
        if (len(merged) >= 2 and merged[-1][0] == "equal"
                and merged[-1][2] - merged[-1][1] <= 2 and merged[-2][0] != "equal"):
            merged.pop()                       # the short equal run
            prev = merged.pop()
            merged.append(["replace", prev[1], i2, prev[3], j2])
        elif merged and merged[-1][0] != "equal":
            prev = merged.pop()
            merged.append(["replace", prev[1], i2, prev[3], j2])
        else:
            merged.append([tag, i1, i2, j1, j2])
    return [op for op in merged if op[0] != "equal"]


# Context sizes tried when locating a change: most context first.
CONTEXT_COMBOS = sorted(((kl, kr) for kl in range(5) for kr in range(5)),
                        key=lambda k: (-(k[0] + k[1]), -min(k)))


def fix_case(text):
    """Upper-case a lowercase letter that now starts a line or follows a
    sentence end ("Then recycle" -> "Recycle" after a deletion)."""
    def up(match):
        return match.group(1) + match.group(2).upper()
    return re.sub(r"(^|[.!?] )([a-z])", up, text, flags=re.M)


def apply_errata(card, printed):
    """Return the rules text with the card's latest erratum applied."""
    entry = card["errata"][-1]
    new_text = resolve_errata_symbols(entry["new_text"], printed, card)
    old_text = resolve_errata_symbols(entry.get("old_text") or "", printed, card)

    def literal():
        # The rule of last resort: the erratum text replaces the text.  It
        # keeps its own line structure (it has no rich version).
        return "\n".join(tidy_lines(new_text.split("\n")))

    if not printed:
        REPORT.errata["replaced by new_text (no printed text)"].append(card["id"])
        return literal()
    # The printed text may already carry the erratum (later printings).
    if squash(new_text).lower() in squash(printed).lower():
        REPORT.errata["already in printed text"].append(card["id"])
        return printed
    if not old_text:
        REPORT.errata["replaced by new_text (no old text)"].append(card["id"])
        return literal()

    old_t = [t for t, _ in tokenize(old_text)]
    new_tok = tokenize(new_text)
    old_n = [norm_token(t) for t in old_t]
    new_n = [norm_token(t) for t, _ in new_tok]
    tokens = tokenize(printed)

    applied, already, failed = 0, 0, 0
    # Work from the last change to the first: text to the right of the
    # current change is then already in its new form, so the right-hand
    # context comes from new_text and the left-hand one from old_text.
    for _tag, i1, i2, j1, j2 in reversed(grouped_opcodes(old_n, new_n)):
        seg_old, seg_new = old_n[i1:i2], new_n[j1:j2]
        outcome = None
        for kl, kr in CONTEXT_COMBOS:
            left = old_n[max(0, i1 - kl):i1]
            right = new_n[j2:j2 + kr]
            if len(left) < kl or len(right) < kr:
                continue        # not that much context available
            if len(left) + len(right) + max(len(seg_old), len(seg_new)) < 3:
                continue        # too little to be a reliable anchor
            p_n = [norm_token(t) for t, _ in tokens]
            hits = find_all(p_n, left + seg_old + right)
            if len(hits) == 1:
                outcome = ("apply", hits[0] + len(left))
                break
            if len(find_all(p_n, left + seg_new + right)) == 1:
                outcome = ("already", None)
                break
        if outcome is None:
            failed += 1
            continue
        if outcome[0] == "already":
            already += 1
            continue
        applied += 1
        a = outcome[1]
        b = a + len(seg_old)
        replacement = [list(t) for t in new_tok[j1:j2]]
        # Whitespace: a line break before the edited spot stays where it is;
        # otherwise the spacing of new_text is used around the edit.
        line_start = a < len(tokens) and "\n" in tokens[a][1]
        if replacement:
            if line_start or a == 0:
                replacement[0][1] = tokens[a][1] if a < len(tokens) else ""
            follow_pre = new_tok[j2][1] if j2 < len(new_tok) else " "
        else:
            follow_pre = tokens[a][1] if line_start else (new_tok[j2][1] if j2 < len(new_tok) else " ")
        if b < len(tokens):
            if "\n" not in tokens[b][1] or (not replacement and line_start):
                tokens[b][1] = follow_pre
            # The word after the edit takes new_text's capitalisation.
            if j2 < len(new_tok) and norm_token(tokens[b][0]) == new_n[j2]:
                tokens[b][0] = new_tok[j2][0]
        tokens[a:b] = replacement

    if failed:
        # The change could not be located.  The printed text does not contain
        # new_text verbatim either; keep it (it is the card as printed, often a
        # later printing that words the erratum differently) and report it.
        REPORT.errata["NOT located: printed text kept, check by hand"].append(card["id"])
        return printed
    if applied:
        REPORT.errata["patched into printed text"].append(card["id"])
    else:
        REPORT.errata["already in printed text"].append(card["id"])
    return fix_case("\n".join(tidy_lines(detokenize(tokens).split("\n"))))

# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------

def card_name(card):
    if card["id"] in NAME_OVERRIDES:
        return NAME_OVERRIDES[card["id"]]
    name = card["name_official_style"]
    if name.endswith(" (Starter)"):
        name = name[: -len(" (Starter)")]
    return name


def card_file_path(card, name):
    """cards/<set>/<NNN>-<slug>.toml.  Ids whose number part is not plain
    digits (SFD-T03, VEN-R01..R06) keep that part ("t03", "r01") so that
    they cannot collide with the regular card of the same number."""
    set_code = card["set"].lower()
    number_part = card["id"].split("-", 1)[1]
    if number_part.isdigit():
        number_part = "%03d" % card["collector_number"]
    else:
        number_part = number_part.lower()
    return os.path.join("cards", set_code, "%s-%s.toml" % (number_part, slugify(name)))


def power_symbols(card, domains):
    """Return (symbol string, needs_split_comment)."""
    count = card.get("power") or 0
    if count <= 0:
        return "", False
    if not domains:
        return RAINBOW_SYMBOL * count, False
    if len(domains) == 1:
        return DOMAIN_SYMBOL[domains[0]] * count, False
    # Multi-domain: the source only has a count; round-robin over domains.
    return "".join(DOMAIN_SYMBOL[domains[i % len(domains)]] for i in range(count)), True


def card_toml(card, name, text):
    ctype = card["type"].lower()
    assert ctype in CARD_TYPES, card["id"]
    domains = [d.lower() for d in card["domains"] if d != "Colorless"]
    lines = [
        "id = %s" % toml_string(card["id"]),
        "name = %s" % toml_string(name),
        "type = %s" % toml_string(ctype),
    ]
    supertype = card.get("supertype")
    if supertype and not (ctype == "legend" and supertype == "Champion"):
        lines.append("supertype = %s" % toml_string(supertype.lower()))
    lines.append("domains = %s" % toml_string_list(domains))
    if ctype in ("unit", "spell", "gear"):
        lines.append("energy = %d" % (card.get("energy") or 0))
    power, split = power_symbols(card, domains)
    if power:
        if split:
            lines.append(POWER_SPLIT_COMMENT)
        lines.append("power = %s" % toml_string(power))
    if ctype == "unit":
        lines.append("might = %d" % (card.get("might") or 0))
    lines.append("tags = %s" % toml_string_list(card.get("tags") or []))
    lines.append("set = %s" % toml_string(card["set"]))
    lines.append("number = %d" % card["collector_number"])
    if text:
        lines.append("text = %s" % toml_multiline(text))
    return "\n".join(lines) + "\n"


def import_cards(cards, written):
    """Write one TOML file per card; return {card id: name}."""
    names = {}
    per_set_type = Counter()
    for card in sorted(cards, key=lambda c: c["id"]):
        name = card_name(card)
        names[card["id"]] = name
        text = printed_text(card)
        if card.get("errata"):
            text = apply_errata(card, text)
        write_if_changed(card_file_path(card, name), card_toml(card, name, text), written)
        per_set_type[(card["set"], card["type"].lower())] += 1
        # Record the decisions that touched this card.
        if card["name_official_style"].endswith(" (Starter)"):
            REPORT.notes.append("%s: ' (Starter)' removed from name" % card["id"])
        if card["type"] == "Legend" and card.get("supertype") == "Champion":
            REPORT.notes.append("%s: legend tagged Champion, supertype omitted" % card["id"])
        if card["type"] in ("Unit", "Spell", "Gear") and card.get("energy") is None:
            REPORT.notes.append("%s: energy null -> 0" % card["id"])
    return names, per_set_type


# ---------------------------------------------------------------------------
# Decks
# ---------------------------------------------------------------------------

def deck_card_id(entry_id):
    """'ogn-030-298' -> 'OGN-030'; 'ven-r01' -> 'VEN-R01'; 'sfd-t03' -> 'SFD-T03'."""
    parts = entry_id.upper().split("-")
    return "-".join(parts[:2])


def resolve_deck_entry(entry, deck, cards_by_id, cards_by_raw_name, names):
    """Return the card-file name for a decklist entry (or None)."""
    cid = deck_card_id(entry["id"])
    if cid in cards_by_id:
        return names[cid]
    # Not found by id: try the raw name, then the official-style name.
    for key in (entry.get("name"), (entry.get("name") or "").replace(" - ", ", ")):
        matches = cards_by_raw_name.get(key) or []
        if matches:
            REPORT.deck_name_fallbacks.append("%s: %s (%s) -> %s" % (
                deck, entry["id"], entry.get("name"), matches[0]["id"]))
            return names[matches[0]["id"]]
    REPORT.unresolved_deck_entries.append("%s: %s (%s)" % (deck, entry["id"], entry.get("name")))
    return None


def import_decks(data_dir, cards, names, written):
    cards_by_id = {c["id"]: c for c in cards}
    cards_by_raw_name = defaultdict(list)
    for c in cards:
        for key in {c["name"], c["name_official_style"], names[c["id"]]}:
            cards_by_raw_name[key].append(c)

    summaries = []
    for path in sorted(glob.glob(os.path.join(data_dir, "decklists", "precon_*.json"))):
        with open(path, encoding="utf-8") as fh:
            deck = json.load(fh)
        slug = deck["deck"]

        def resolve(entry):
            return resolve_deck_entry(entry, slug, cards_by_id, cards_by_raw_name, names)

        legend = resolve(deck["legend"])
        champion = resolve(deck["chosen_champion"])
        battlefields = [resolve(b) for b in deck["battlefields"]]
        # The deck's display name is the champion part of the legend's name.
        display = (legend or slug).split(",")[0]

        def section(entries):
            """Ordered {name: count}; repeated names are summed (none in the
            current data) so that TOML keys stay unique."""
            out = {}
            for entry in entries:
                name = resolve(entry)
                if name is None:
                    name = entry.get("name") or entry["id"]
                out[name] = out.get(name, 0) + entry["count"]
            return out

        main = section(deck["main_deck"])
        runes = section(deck["runes"])

        lines = [
            "name = %s" % toml_string(display),
            "product = %s" % toml_string(deck["product"]),
            "legend = %s" % toml_string(legend or ""),
            "champion = %s" % toml_string(champion or ""),
            "battlefields = %s" % toml_string_list([b or "" for b in battlefields]),
            "",
            "[main]",
        ]
        lines += ["%s = %d" % (toml_string(n), k) for n, k in main.items()]
        lines += ["", "[runes]"]
        lines += ["%s = %d" % (toml_string(n), k) for n, k in runes.items()]
        write_if_changed(os.path.join("decks", "%s.toml" % slug), "\n".join(lines) + "\n", written)
        summaries.append((slug, len(main), sum(main.values()), sum(runes.values()), len(battlefields)))
    return summaries


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

def main(argv):
    if len(argv) != 2:
        print("usage: python3 scripts/import_cards.py <riftbound data dir>", file=sys.stderr)
        return 2
    data_dir = argv[1]
    with open(os.path.join(data_dir, "cards_canonical_derived.json"), encoding="utf-8") as fh:
        cards = json.load(fh)

    ids = Counter(c["id"] for c in cards)
    dup_ids = [i for i, k in ids.items() if k > 1]
    if dup_ids:
        print("error: duplicate card ids: %s" % dup_ids, file=sys.stderr)
        return 1

    written = []
    names, per_set_type = import_cards(cards, written)
    paths = [p for p, _ in written]
    if len(set(paths)) != len(paths):
        print("error: two cards map to the same file", file=sys.stderr)
        return 1
    deck_summaries = import_decks(data_dir, cards, names, written)

    # ---- summary ---------------------------------------------------------
    print("== Card files per set and type")
    sets = sorted({s for s, _ in per_set_type})
    print("  %-4s %5s " % ("set", "total") + " ".join("%11s" % t for t in CARD_TYPES))
    for s in sets:
        row = [per_set_type[(s, t)] for t in CARD_TYPES]
        print("  %-4s %5d " % (s, sum(row)) + " ".join("%11d" % n for n in row))
    print("  all  %5d" % sum(per_set_type.values()))
    changed = sum(1 for _, ch in written if ch)
    print("  files written: %d (%d changed, %d already up to date)"
          % (len(written), changed, len(written) - changed))

    print("\n== Unknown icon tokens")
    if REPORT.unknown_icons:
        for tok, n in REPORT.unknown_icons.most_common():
            print("  %s x%d in %s" % (tok, n, ", ".join(sorted(REPORT.unknown_icon_cards[tok]))))
    else:
        print("  none")

    print("\n== Errata (%d cards)" % sum(len(v) for v in REPORT.errata.values()))
    for status in sorted(REPORT.errata):
        print("  %s (%d): %s" % (status, len(REPORT.errata[status]), ", ".join(REPORT.errata[status])))

    print("\n== Rich text not used (content differed from plain text)")
    print("  " + (", ".join(REPORT.rich_fallback) or "none"))

    print("\n== Decks")
    for slug, entries, total, runes, bfs in deck_summaries:
        print("  %-10s main entries %2d, main cards %2d (+1 champion), runes %2d, battlefields %d"
              % (slug, entries, total, runes, bfs))
    print("  unresolved entries: " + ("; ".join(REPORT.unresolved_deck_entries) or "none"))
    print("  resolved by name instead of id: " + ("; ".join(REPORT.deck_name_fallbacks) or "none"))

    print("\n== Names shared by cards with different ids")
    by_name = defaultdict(list)
    for cid, name in names.items():
        by_name[name].append(cid)
    shared = {n: sorted(v) for n, v in by_name.items() if len(v) > 1}
    for n in sorted(shared):
        print("  %s: %s" % (n, ", ".join(shared[n])))
    if not shared:
        print("  none")

    print("\n== Other decisions")
    for note in REPORT.notes:
        print("  " + note)
    for cid, name in NAME_OVERRIDES.items():
        print("  %s: name overridden to %r" % (cid, name))

    stale = []
    produced = {os.path.normpath(p) for p, _ in written}
    for path in glob.glob(os.path.join("cards", "*", "*.toml")) + glob.glob(os.path.join("decks", "*.toml")):
        if os.path.normpath(path) not in produced:
            stale.append(path)
    print("\n== TOML files in cards/ or decks/ not produced by this run (left alone)")
    print("  " + (", ".join(sorted(stale)) or "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
