#!/usr/bin/env python3
"""Writes a man page (troff) for roofline or roofline-cli from the program's own --help, so the
page always lists the options the program has, plus the hand-written sections below.
usage: tools/make_man.py PROGRAM_PATH OUT.1 VERSION"""
import os, subprocess, sys

SECTIONS = {
    "roofline": {
        "summary": "where each part of an LLM inference step sits on a GPU's roofline (desktop app)",
        "description": (
            "roofline opens a window with the roofline chart of one inference step: each "
            "operator's arithmetic intensity (FLOPs per byte) against the FLOP/s it reaches under "
            "the GPU's memory slope and compute roof. Drag the fc dot to change the batch, pick "
            "GPUs, models and precisions, follow the lessons, and export the chart. Without "
            "options it opens the last scenario, or the built-in default one. A file ending in "
            ".roofline.json opens as a scenario."),
        "files": [
            ("$XDG_CONFIG_HOME/roofline/settings.json",
             "window size, theme, scale and export settings (~/.config/roofline when "
             "XDG_CONFIG_HOME is unset); a file that cannot be read is kept as settings.json.bad"),
            ("$XDG_CONFIG_HOME/roofline/last_scenario.json", "the scenario open at exit"),
        ],
        "examples": [
            ("roofline", "the last scenario, or the default one"),
            ("roofline --scenario my.roofline.json --size 1600x1000", "a saved scenario"),
            ("roofline --lesson batching --presentation", "a lesson, full screen, for a class"),
        ],
        "exit": "0 on success; 2 for a bad option or file given on the command line.",
    },
    "roofline-cli": {
        "summary": "the roofline model from the command line (no display, no GPU needed)",
        "description": (
            "roofline-cli computes what the app shows: FLOPs, bytes, time and bound of every "
            "operator of one step (analyze), sweeps over batch or context (sweep), requests and "
            "the serving frontier (request, frontier), published measurements against the model "
            "(predict), and writes the charts and tables (export). Every command takes the "
            "scenario flags below; a flag given overrides --scenario."),
        "files": [],
        "examples": [
            ("roofline-cli analyze --gpu h200 --model llama-3-70b --batch 64",
             "one decode step as a table"),
            ("roofline-cli export --scenario batching-to-ridge --out chart.svg",
             "the chart as SVG"),
            ("roofline-cli list gpus", "the GPU presets with memory, bandwidth and roofs"),
        ],
        "exit": ("0 on success; 1 for input the model cannot handle (a bad file, a value out of "
                 "range, a GPU with no roof for the step, a failed write), with one message on "
                 "standard error and nothing on standard output; 2 for a usage error."),
    },
}


def esc(text):
    out = text.replace("\\", "\\\\").replace("-", "\\-")
    return "\\&" + out if out.startswith((".", "'")) else out


def help_of(program, *args):
    run = subprocess.run([program, *args, "--help"], capture_output=True, text=True,
                         env={**os.environ, "DISPLAY": "", "WAYLAND_DISPLAY": ""})
    if run.returncode != 0:
        sys.exit(f"make_man.py: {program} {' '.join(args)} --help exited {run.returncode}")
    return run.stdout


def options_block(help_text):
    """The lines after 'Options:' as .TP entries (name line, then its wrapped description)."""
    lines = help_text.splitlines()
    try:
        start = next(i for i, l in enumerate(lines) if l.strip() == "Options:") + 1
    except StopIteration:
        return []
    out, entry = [], None
    for line in lines[start:]:
        if not line.strip() or (line and not line.startswith(" ")):
            break
        stripped = line.strip()
        if line.startswith("  ") and not line.startswith("    ") and stripped.startswith("-"):
            parts = stripped.split("  ", 1)
            entry = [parts[0].strip(), parts[1].strip() if len(parts) > 1 else ""]
            out.append(entry)
        elif entry is not None:
            entry[1] = (entry[1] + " " + stripped).strip()
    return out


def subcommands(help_text):
    lines = help_text.splitlines()
    try:
        start = next(i for i, l in enumerate(lines) if l.strip() == "Subcommands:") + 1
    except StopIteration:
        return []
    names = []
    for line in lines[start:]:
        if not line.startswith("  "):
            break
        names.append((line.split()[0], " ".join(line.split()[1:])))
    return names


def main():
    program, out_path, version = sys.argv[1], sys.argv[2], sys.argv[3]
    name = os.path.basename(program)
    s = SECTIONS[name]
    top = help_of(program)
    page = [f'.TH {name.upper()} 1 "" "roofline {version}" "User Commands"',
            ".SH NAME", f"{esc(name)} \\- {esc(s['summary'])}",
            ".SH SYNOPSIS"]
    subs = subcommands(top)
    if subs:
        page.append(f".B {esc(name)}\n.I command\n[\\fIoptions\\fR]")
    else:
        page.append(f".B {esc(name)}\n[\\fIoptions\\fR]")
    page += [".SH DESCRIPTION", esc(s["description"])]
    if subs:
        # The program's own options (--help, --version) before its commands'.
        page.append(".SH OPTIONS")
        for opt, desc in options_block(top):
            page += [".TP", f"\\fB{esc(opt)}\\fR", esc(desc)]
        page.append(".SH COMMANDS")
        for sub, what in subs:
            page += [".SS " + esc(sub), esc(what)]
            for opt, desc in options_block(help_of(program, sub)):
                page += [".TP", f"\\fB{esc(opt)}\\fR", esc(desc)]
    else:
        page.append(".SH OPTIONS")
        for opt, desc in options_block(top):
            page += [".TP", f"\\fB{esc(opt)}\\fR", esc(desc)]
    page += [".SH EXIT STATUS", esc(s["exit"])]
    if s["files"]:
        page.append(".SH FILES")
        for f, what in s["files"]:
            page += [".TP", f"\\fI{esc(f)}\\fR", esc(what)]
    page.append(".SH EXAMPLES")
    for cmd, what in s["examples"]:
        page += [".TP", f"\\fB{esc(cmd)}\\fR", esc(what)]
    other = "roofline-cli" if name == "roofline" else "roofline"
    page += [".SH SEE ALSO", f"\\fB{esc(other)}\\fR(1)", ""]
    with open(out_path, "w") as f:
        f.write("\n".join(page))


if __name__ == "__main__":
    main()
