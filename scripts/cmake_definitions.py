#!/usr/bin/env python3
"""Prints, as `-D NAME=VALUE` words, the compile definitions a sample's CMakeLists.txt gives its
program (add_definitions, add_compile_definitions, target_compile_definitions), with the
variables it sets (`set(VAR value [CACHE ...])`, `option(VAR "doc" default)`, overridden by VAR=VALUE arguments) substituted and
its if / elseif / else blocks evaluated for the simple conditions samples write (VAR STREQUAL "s",
VAR EQUAL n, DEFINED VAR, NOT, AND, OR). `akgen run` builds a sample from its sources, not through
CMake, so run_official_samples.sh passes these. A block whose condition it cannot read
contributes nothing.

Usage: cmake_definitions.py CMakeLists.txt [VAR=VALUE...]
"""
import re
import shlex
import sys


def commands(text):
    """(name, argument string) of each command, comments dropped."""
    text = re.sub(r"#[^\n]*", "", text)
    for m in re.finditer(r"([A-Za-z_]\w*)\s*\(((?:[^()]|\([^()]*\))*)\)", text):
        yield m.group(1).lower(), m.group(2)


def expand(s, env):
    """`s` with its variables substituted; None when one is not set here (computed by a command
    this reader does not run, such as string(REGEX ...))."""
    if any(v not in env for v in re.findall(r"\$\{(\w+)\}", s)):
        return None
    return re.sub(r"\$\{(\w+)\}", lambda m: env[m.group(1)], s)


def truth(tokens, env):
    """The value of a condition's tokens, or None when it uses something this reader lacks."""
    if "OR" in tokens:
        i = tokens.index("OR")
        a, b = truth(tokens[:i], env), truth(tokens[i + 1:], env)
        return None if a is None or b is None else a or b
    if "AND" in tokens:
        i = tokens.index("AND")
        a, b = truth(tokens[:i], env), truth(tokens[i + 1:], env)
        return None if a is None or b is None else a and b
    if tokens and tokens[0] == "NOT":
        v = truth(tokens[1:], env)
        return None if v is None else not v
    value = lambda t: env.get(t, t)
    if len(tokens) == 2 and tokens[0] == "DEFINED":
        return tokens[1] in env
    if len(tokens) == 3 and tokens[1] in ("STREQUAL", "EQUAL"):
        a, b = value(tokens[0]), value(tokens[2])
        if tokens[1] == "STREQUAL":
            return a == b
        try:
            return float(a) == float(b)
        except ValueError:
            return None
    if len(tokens) == 1:
        # A constant, else a variable: true when set to something that is not a false constant.
        t = tokens[0]
        false = ("", "0", "OFF", "NO", "FALSE", "N", "IGNORE", "NOTFOUND")
        if t.upper() in ("1", "ON", "YES", "TRUE", "Y") or re.fullmatch(r"-?[1-9][0-9.]*", t):
            return True
        if t.upper() in false or t.upper().endswith("-NOTFOUND"):
            return False
        v = env.get(t, "").upper()
        return v not in false and not v.endswith("-NOTFOUND")
    return None


def main():
    path, overrides = sys.argv[1], dict(a.split("=", 1) for a in sys.argv[2:])
    env = dict(overrides)
    out = []
    # Per open if-block: whether the current branch is taken, and whether one was already.
    stack = []
    active = lambda: all(taken for taken, _ in stack)
    for name, args in commands(open(path, encoding="utf-8", errors="replace").read()):
        words = shlex.split(args, posix=True) if args.strip() else []
        if name == "if":
            v = truth(words, env) if active() else False
            stack.append((bool(v), bool(v)))
            continue
        if name == "elseif" and stack:
            done = stack[-1][1]
            v = False if done else truth(words, env)
            stack[-1] = (bool(v), done or bool(v))
            continue
        if name == "else" and stack:
            stack[-1] = (not stack[-1][1], True)
            continue
        if name == "endif" and stack:
            stack.pop()
            continue
        if not active():
            continue
        if name == "option" and len(words) >= 2 and words[0] not in overrides:
            env[words[0]] = words[2] if len(words) > 2 else "OFF"
        elif name == "set" and words and words[0] not in overrides:
            if "CACHE" in words:
                words = words[:words.index("CACHE")]
            value = expand(" ".join(words[1:]), env)
            if value is not None:
                env[words[0]] = value
        elif name == "add_definitions":
            out += [expand(w[2:], env) for w in words if w.startswith("-D")]
        elif name == "add_compile_definitions":
            out += [expand(w, env) for w in words]
        elif name == "target_compile_definitions":
            out += [expand(w, env) for w in words[1:] if w not in ("PRIVATE", "PUBLIC", "INTERFACE")]
    seen = set()
    for d in out:
        # Generator expressions ($<...>) select by language or configuration: not ours to read.
        if d and "$<" not in d and d.split("=")[0] not in seen:  # d is None: a variable not set here
            seen.add(d.split("=")[0])
            print("-D", shlex.quote(d))


if __name__ == "__main__":
    main()
