#!/usr/bin/python3
"""recipes-check.py DOC DIR: every ```python, ```js and ```java block of DOC
(docs/clients.md) must be code that a client test under DIR (test/clients/)
runs: its lines, contiguous, in a file of that language (.py, .js, .java),
indentation aside (the block and the file's lines are each dedented).
`<!-- recipe-check: skip (why) -->` on the line before a block's fence
leaves it out.  Prints one line; exits 1 naming each block not found."""

import pathlib
import re
import sys
import textwrap

EXTENSIONS = {"python": ".py", "js": ".js", "javascript": ".js", "java": ".java"}


def blocks(lines):
    """(language, first line number, lines, skipped) of each fenced block."""
    i, prev = 0, ""
    while i < len(lines):
        m = re.match(r"^\s*```(\w*)\s*$", lines[i])
        if not m:
            if lines[i].strip():
                prev = lines[i]
            i += 1
            continue
        start, lang = i, m.group(1)
        i += 1
        body = []
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            body.append(lines[i].rstrip())
            i += 1
        i += 1
        yield lang, start + 1, body, prev.strip().startswith("<!-- recipe-check: skip")
        prev = ""


def found(body, files):
    want = textwrap.dedent("\n".join(body)).strip("\n")
    n = len(want.split("\n"))
    for f in files:
        text = [line.rstrip() for line in f.read_text().split("\n")]
        for s in range(len(text) - n + 1):
            if textwrap.dedent("\n".join(text[s:s + n])) == want:
                return f
    return None


def main():
    doc, top = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    lines = doc.read_text().split("\n")
    checked = skipped = 0
    missing = []
    for lang, line, body, skip in blocks(lines):
        if lang not in EXTENSIONS:
            continue
        if skip:
            skipped += 1
            continue
        checked += 1
        files = sorted(p for p in top.rglob("*" + EXTENSIONS[lang]) if "node_modules" not in p.parts)
        if not found(body, files):
            missing.append(f"{doc}:{line}: ```{lang} block not found in {top}/**/*{EXTENSIONS[lang]}: {body[0].strip()!r}")
    for m in missing:
        print(m, file=sys.stderr)
    print(f"recipes-check {doc}: {checked} code blocks ({skipped} skipped), {checked - len(missing)} found "
          f"in the client tests, {len(missing)} not")
    sys.exit(1 if missing else 0)


main()
