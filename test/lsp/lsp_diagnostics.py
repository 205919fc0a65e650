#!/usr/bin/env python3
"""A minimal LSP client: starts a language server (gemm-clangd) over stdio,
opens files, waits for textDocument/publishDiagnostics, and prints every
diagnostic in a form FileCheck can match:

  matmul.cpp:19:39: warning: 'lda' (256) must ... [gemm-leading-dimension] range=18:38-18:45 source=clang-tidy

The position before the message is 1-based (as clang-tidy prints it); range=
is the LSP range as sent, 0-based line:character. A file with no diagnostic
prints "<file>: no diagnostics".

With --details, each diagnostic is followed by its help link and notes (the
client announces relatedInformation support, so clangd sends notes there;
with --no-related-information it folds them into the message, whose further
lines are shown after "|"):

    href=file:///.../docs/checks/gemm-leading-dimension.md
    note: matmul.cpp:12:19: 'lda' is 256

(a file: link must name a file that exists), and by the code actions
clangd offers for it (textDocument/codeAction with the diagnostic as
context), each applied to a copy of the document and shown as the edited
line:

    action: change 'CUBLAS_OP_CONJG' to 'CUBLAS_OP_T' [quickfix]
    edited: matmul.cpp:30:   cublasSgemm(h, CUBLAS_OP_T, ...

It checks the protocol as it goes and exits non-zero, with one line saying
why, when the server does not answer initialize, a diagnostic lacks a
required field, a file gets no publishDiagnostics in time, or the server does
not shut down cleanly.

Usage: lsp_diagnostics.py --root DIR [--timeout S] [--stderr FILE] [--details]
                          [--no-related-information] FILE... -- SERVER [ARGS...]
"""

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from urllib.parse import quote, unquote, urlparse

SEVERITIES = {1: "error", 2: "warning", 3: "information", 4: "hint"}


def fail(message):
    sys.exit("lsp_diagnostics.py: " + message)


def uri_of(path):
    return "file://" + quote(os.path.abspath(path))


def path_of(uri):
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        fail("not a file URI: %r" % uri)
    return unquote(parsed.path)


def offset_of(text, position):
    """The offset of an LSP position (0-based line, UTF-16 character; the
    tests' sources are ASCII) in text."""
    lines = text.split("\n")
    if position["line"] >= len(lines):
        fail("position %r is past the end of the document" % position)
    return sum(len(l) + 1 for l in lines[:position["line"]]) + position["character"]


def apply_edits(text, edits):
    for edit in sorted(edits, key=lambda e: (e["range"]["start"]["line"],
                                             e["range"]["start"]["character"]),
                       reverse=True):
        begin = offset_of(text, edit["range"]["start"])
        end = offset_of(text, edit["range"]["end"])
        text = text[:begin] + edit["newText"] + text[end:]
    return text


def edits_for(action, uri):
    """The TextEdits of a code action's WorkspaceEdit for document uri."""
    edit = action.get("edit") or {}
    edits = list((edit.get("changes") or {}).get(uri, []))
    for change in edit.get("documentChanges") or []:
        if change.get("textDocument", {}).get("uri") == uri:
            edits += change.get("edits", [])
    return edits


class Server:
    def __init__(self, command, cwd, stderr):
        self.proc = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=stderr)
        self.next_id = 1
        self.messages = []
        self.cond = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        stream = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = stream.readline()
                if not line:
                    with self.cond:
                        self.messages.append(None)  # end of stream
                        self.cond.notify_all()
                    return
                line = line.decode("ascii").strip()
                if not line:
                    break
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            body = stream.read(int(headers["content-length"]))
            with self.cond:
                self.messages.append(json.loads(body.decode("utf-8")))
                self.cond.notify_all()

    def send(self, message):
        message["jsonrpc"] = "2.0"
        body = json.dumps(message).encode("utf-8")
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, method, params, timeout):
        request_id = self.next_id
        self.next_id += 1
        self.send({"id": request_id, "method": method, "params": params})
        reply = self.wait(lambda m: m.get("id") == request_id and "method" not in m, timeout)
        if reply is None:
            fail("no reply to %s within %gs" % (method, timeout))
        if "error" in reply:
            fail("%s failed: %s" % (method, reply["error"]))
        return reply.get("result")

    def notify(self, method, params):
        self.send({"method": method, "params": params})

    def wait(self, predicate, timeout, start=0):
        """The first message from `start` on that satisfies predicate."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                for m in self.messages[start:]:
                    if m is None:
                        return None
                    if predicate(m):
                        return m
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self.cond.wait(remaining)

    def answer_server_requests(self):
        """Replies to the server's requests (window/workDoneProgress/create,
        workspace/configuration) so that it never waits on us."""
        with self.cond:
            pending = [m for m in self.messages if m and "method" in m and "id" in m
                       and not m.get("_answered")]
            for m in pending:
                m["_answered"] = True
        for m in pending:
            self.send({"id": m["id"], "result": None})


def location_text(root, location):
    start = location["range"]["start"]
    return "%s:%d:%d" % (os.path.relpath(path_of(location["uri"]), root),
                         start["line"] + 1, start["character"] + 1)


def print_details(server, args, root, uri, text, d):
    href = (d.get("codeDescription") or {}).get("href")
    if href:
        if href.startswith("file:") and not os.path.isfile(path_of(href)):
            fail("the help link %s names no file" % href)
        print("    href=%s" % href)
    for line in d["message"].splitlines()[1:]:
        if line.strip():
            print("    | %s" % line)
    for info in d.get("relatedInformation") or []:
        print("    note: %s: %s" % (location_text(root, info["location"]),
                                    info["message"].splitlines()[0]))
    actions = server.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": d["range"],
        "context": {"diagnostics": [d]}}, args.timeout) or []
    for action in actions:
        if "title" not in action:
            fail("a code action lacks a title: %r" % action)
        print("    action: %s [%s]" % (action["title"], action.get("kind", "")))
        edits = edits_for(action, uri)
        if not edits:
            continue
        edited = apply_edits(text, edits).split("\n")
        line = min(e["range"]["start"]["line"] for e in edits)
        print("    edited: %s:%d: %s" % (os.path.relpath(path_of(uri), root),
                                         line + 1, edited[line]))


def main():
    argv = sys.argv[1:]
    if "--" not in argv:
        fail("usage: lsp_diagnostics.py [options] FILE... -- SERVER [ARGS...]")
    split = argv.index("--")
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True, help="the workspace root")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--settle", type=float, default=1.0,
                        help="seconds without a newer publishDiagnostics before a file's "
                             "diagnostics count as final")
    parser.add_argument("--stderr", help="write the server's stderr (its log) here")
    parser.add_argument("--details", action="store_true",
                        help="print each diagnostic's help link, notes and code actions")
    parser.add_argument("--no-related-information", action="store_true",
                        help="do not announce relatedInformation support (clangd then "
                             "folds the notes into the message; --details prints its "
                             "further lines)")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args(argv[:split])
    command = argv[split + 1:]
    root = os.path.abspath(args.root)

    stderr = open(args.stderr, "wb") if args.stderr else subprocess.DEVNULL
    server = Server(command, root, stderr)
    result = server.request("initialize", {
        "processId": os.getpid(),
        "rootUri": uri_of(root),
        "capabilities": {"textDocument": {
            "publishDiagnostics": {
                "relatedInformation": not args.no_related_information,
                "codeDescriptionSupport": True},
            "codeAction": {"codeActionLiteralSupport": {
                "codeActionKind": {"valueSet": ["quickfix"]}}}}},
        "workspaceFolders": [{"uri": uri_of(root), "name": "workspace"}],
    }, args.timeout)
    if not isinstance(result, dict) or "capabilities" not in result:
        fail("initialize: the reply has no capabilities: %r" % result)
    server.notify("initialized", {})

    uris = {}
    texts = {}
    for n, path in enumerate(args.files):
        path = os.path.join(root, path)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        uri = uri_of(path)
        uris[uri] = os.path.relpath(path, root)
        texts[uri] = text
        language = "cuda" if path.endswith(".cu") else "cpp"
        server.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language, "version": 1, "text": text}})

    # Each file's last publishDiagnostics counts; wait until all have one and
    # none has changed for --settle seconds.
    deadline = time.monotonic() + args.timeout
    latest = {}
    seen = 0
    quiet_since = time.monotonic()
    while True:
        server.answer_server_requests()
        with server.cond:
            messages = server.messages[seen:]
            seen = len(server.messages)
        for m in messages:
            if m is None:
                fail("the server exited before publishing diagnostics for every file")
            if m.get("method") == "textDocument/publishDiagnostics":
                params = m["params"]
                if params["uri"] in uris:
                    latest[params["uri"]] = params["diagnostics"]
                    quiet_since = time.monotonic()
        now = time.monotonic()
        if len(latest) == len(uris) and now - quiet_since >= args.settle:
            break
        if now > deadline:
            missing = sorted(uris[u] for u in uris if u not in latest)
            fail("no publishDiagnostics within %gs for %s" % (args.timeout, ", ".join(missing)))
        server.wait(lambda m: False, 0.1, start=seen)

    for uri in sorted(latest, key=lambda u: uris[u]):
        name = uris[uri]
        diagnostics = latest[uri]
        if not diagnostics:
            print("%s: no diagnostics" % name)
            continue
        for d in sorted(diagnostics, key=lambda d: (d["range"]["start"]["line"],
                                                    d["range"]["start"]["character"])):
            for key in ("range", "message"):
                if key not in d:
                    fail("%s: a diagnostic lacks '%s': %r" % (name, key, d))
            start, end = d["range"]["start"], d["range"]["end"]
            if (end["line"], end["character"]) < (start["line"], start["character"]):
                fail("%s: a diagnostic's range ends before it starts: %r" % (name, d))
            message = d["message"].splitlines()[0]
            code = d.get("code", "")
            print("%s:%d:%d: %s: %s [%s] range=%d:%d-%d:%d source=%s" % (
                name, start["line"] + 1, start["character"] + 1,
                SEVERITIES.get(d.get("severity"), "?"), message, code,
                start["line"], start["character"], end["line"], end["character"],
                d.get("source", "")))
            if args.details:
                print_details(server, args, root, uri, texts[uri], d)

    server.request("shutdown", None, args.timeout)
    server.notify("exit", None)
    try:
        status = server.proc.wait(timeout=args.timeout)
    except subprocess.TimeoutExpired:
        server.proc.kill()
        fail("the server did not exit after shutdown/exit")
    if status != 0:
        fail("the server exited with status %d after shutdown/exit" % status)


if __name__ == "__main__":
    main()
