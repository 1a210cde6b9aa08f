#!/usr/bin/env python3
"""Extracts every rule number of the Flesh and Blood Comprehensive Rules v1.4 into
src/fab/rule_numbers.txt, one a line, in the order of the text: the list the FaB trace and doc
comments' citations are checked against (src/fab/rule_numbers.rs). Run by hand, from the
repository root, when the rules text changes:

    python3 scripts/fab_rule_numbers.py [../shared/rules/fab-comprehensive-rules-v1.4.md]

A rule number starts a line (after an optional "- " list mark): a section ("13"), a rule
("13.3.3") or a lettered sub-rule ("13.3.3a"). Errata lines ("- ◆ 4.1.3 ...") cite rules and
define none, so they are skipped.
"""
import re
import sys

SOURCE = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/rules/fab-comprehensive-rules-v1.4.md"
RULE = re.compile(r"^\s*(?:- )?(\d{1,2}(?:\.\d+)*[a-z]?)(?=[\s.])")

seen = []
with open(SOURCE, encoding="utf-8") as f:
    for line in f:
        m = RULE.match(line)
        if m and m.group(1) not in seen:
            seen.append(m.group(1))

with open("src/fab/rule_numbers.txt", "w", encoding="utf-8") as out:
    out.write("".join(n + "\n" for n in seen))
print(f"{len(seen)} rule numbers written to src/fab/rule_numbers.txt")
