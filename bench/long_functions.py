#!/usr/bin/env python3
"""Lists the functions of C++ sources longer than a limit, longest first:
lines from the one that begins the declaration to the closing brace, found
by matching braces outside comments, strings and preprocessor lines (a
measure for reviews, not a parser: a function-like macro's body is not
counted).

    bench/long_functions.py 60 $(git ls-files 'lib/*.cpp' 'lib/*.h')
"""
import re, sys

def strip(text):
    # comments, strings and character literals, kept line for line
    out = re.sub(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'',
                 lambda m: re.sub(r'[^\n]', ' ', m.group(0)), text, flags=re.S)
    return re.sub(r'^\s*#[^\n]*', '', out, flags=re.M)

def functions(path):
    text = strip(open(path).read())
    stack = []  # 'container' or ('function', name, line)
    start = 0   # offset where the current declaration began
    for i, ch in enumerate(text):
        if ch in ';':
            if not any(isinstance(s, tuple) for s in stack):
                start = i + 1
        elif ch == '{':
            inside = any(isinstance(s, tuple) for s in stack)
            head = text[start:i]
            if inside or head.count('(') > head.count(')'):
                stack.append('block')  # a body's block, a default argument's {}
                continue
            if re.search(r'\b(namespace|class|struct|union|enum)\b[^()]*$', head) or '(' not in head \
                    or re.search(r'=\s*$', head):
                stack.append('container')
                start = i + 1
                continue
            name = re.findall(r'([~\w:]+)\s*\(', head)
            name = name[0] if name else '?'
            first = text.count('\n', 0, start + len(head) - len(head.lstrip())) + 1
            stack.append(('function', name, first))
        elif ch == '}':
            top = stack.pop() if stack else None
            if isinstance(top, tuple):
                yield top[1], top[2], text.count('\n', 0, i) + 1 - top[2] + 1
            if top != 'block' and not any(isinstance(s, tuple) for s in stack):
                start = i + 1

if len(sys.argv) < 3 or not sys.argv[1].isdigit():
    sys.exit("long_functions.py: give a line limit and the files, e.g. "
             "'long_functions.py 60 lib/Analysis/*.cpp'")
limit = int(sys.argv[1])
rows = []
for path in sys.argv[2:]:
    for name, line, length in functions(path):
        if length > limit:
            rows.append((length, f'{path}:{line}', name))
for length, where, name in sorted(rows, reverse=True):
    print(f'{length:5d}  {name}  {where}')
print(f'{len(rows)} functions over {limit} lines')
