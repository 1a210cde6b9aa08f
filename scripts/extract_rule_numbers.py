#!/usr/bin/env python3
"""Extracts the numbered rules of the Riftbound Core Rules (a markdown copy) into
src/riftbound/rule_numbers.txt: one rule number per line, in document order, sections 100-733.
`riftbound coverage` reads that list; the rules text itself is not copied into the project.

Usage: python3 scripts/extract_rule_numbers.py path/to/riftbound-core-rules.md
"""
import re
import sys
from pathlib import Path

RULE = re.compile(r"^(\d{3}(?:\.\d+)?(?:\.[a-z])?(?:\.\d+)?(?:\.[a-z])?(?:\.\d+)?)\.?\s")


def main() -> None:
    src = Path(sys.argv[1]).read_text(encoding="utf-8")
    seen = []
    for line in src.splitlines():
        m = RULE.match(line)
        if not m:
            continue
        number = m.group(1)
        if 100 <= int(number[:3]) <= 733 and number not in seen:
            seen.append(number)
    out = Path(__file__).resolve().parent.parent / "src" / "riftbound" / "rule_numbers.txt"
    out.write_text("\n".join(seen) + "\n", encoding="utf-8")
    print(f"{len(seen)} rule numbers written to {out}")


if __name__ == "__main__":
    main()
