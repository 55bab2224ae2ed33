"""roofline: where each part of an LLM inference step sits on a GPU's roofline.

The same model as the roofline app and roofline-cli, from Python. Every function takes the
scenario's knobs as keyword arguments named as in scenario files (``gpu``, ``model``, ``batch``,
``seq``, ``phase``, ``precision``, ``tp``, ...; ``help(roofline.analyze)`` lists them all) and
returns plain dicts and lists, exactly the JSON ``roofline-cli COMMAND --format json`` prints.
A problem raises :class:`roofline.Error` with the message roofline-cli would give.

>>> import roofline
>>> step = roofline.analyze(model="llama-3-8b", gpu="h100-sxm", batch=8)
>>> round(step["totals"]["time_s"] * 1e3, 2)   # milliseconds
4.83
"""

import json as _json
import operator as _operator
import os as _os
import tempfile as _tempfile
import warnings as _warnings

from . import _roofline

__all__ = [
    "Error", "Figure", "analyze", "request", "frontier", "sweep", "import_profile", "predict",
    "list_gpus", "list_models", "list_scenarios", "load_model", "figure", "to_pandas", "cli",
    "knobs", "__version__",
]

__version__ = _roofline.version()

#: A bad input or a refused scenario: ``str(e)`` is roofline-cli's message.
Error = _roofline.Error
Error.__module__ = "roofline"  # shown as roofline.Error, where users catch it

_KNOBS = {k["name"]: k for k in _roofline.knobs()}


def knobs():
    """The scenario's knobs: one dict per keyword argument (name, CLI flag, type, help, default,
    range and unit), in the order they apply."""
    return [dict(k) for k in _KNOBS.values()]


def _scenario_args(scenario, given):
    """roofline-cli's scenario flags for `scenario` and the keyword arguments `given`, checked
    and converted as analyze() converts them (the knob table's types and messages)."""
    args = [] if scenario is None else ["--scenario", _os.fspath(scenario)]
    return args + _roofline.knob_flags(given)


def _whole(name, value):
    """A count given as an int, a whole float or a numpy integer, as the CLI's text."""
    try:
        if isinstance(value, bool):
            raise TypeError
        number = _operator.index(value) if not isinstance(value, float) else value
        if number != int(number):
            raise TypeError
        return str(int(number))
    except (TypeError, ValueError, OverflowError):
        raise Error("%s: expected a whole number, got %r" % (name, value)) from None


def _list(value):
    """One value or several, as a list."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        return [value]
    return list(value)


def _run(*args):
    """roofline-cli ARGS in-process: its standard output (bytes), or Error with its message (the
    last line of its standard error). What it says beside a result (a CSV's warnings, a missing
    font) comes as Python warnings."""
    code, out, err = _roofline.run(["roofline-cli", *[_os.fspath(a) if hasattr(a, "__fspath__")
                                                      else str(a) for a in args]])
    lines = [line for line in err.splitlines() if line.strip()]
    if code != 0:
        message = lines[-1] if lines else "exit code %d" % code
        raise Error(message.removeprefix("roofline-cli: error: "))
    for line in lines:
        _warnings.warn(line.removeprefix("roofline-cli: "), stacklevel=3)
    return out


def _run_json(*args):
    return _json.loads(_run(*args, "--format", "json"))


def cli(*args):
    """Runs any roofline-cli command line in this process and returns what it prints (text),
    e.g. ``roofline.cli("analyze", "--model", "llama-3-8b")``; raises Error where it fails."""
    return _run(*args).decode("utf-8", "replace")


def analyze(scenario=None, **knobs):
    """One inference step: every operator's FLOPs, bytes, intensity, time and bound, the kernel
    groups and the step's totals, as ``roofline-cli analyze --format json``.

    scenario: a built-in scenario id or a scenario file to start from; the knobs override it.
    """
    return _roofline.analyze(None if scenario is None else str(scenario), knobs)


def request(isl, osl, scenario=None, **knobs):
    """A static batch of ``batch`` prompts of ``isl`` tokens, each generating ``osl`` tokens:
    TTFT, time per output token, end to end, tokens/s, cost and energy, and the memory at the
    last token, as ``roofline-cli request --format json``."""
    return _run_json("request", "--isl", _whole("isl", isl), "--osl", _whole("osl", osl),
                     *_scenario_args(scenario, knobs))


def frontier(isl=1024, osl=1024, tp=(1, 2, 4, 8), precisions=("bf16", "fp8"), points=24,
             scenario=None, **knobs):
    """The serving frontier: tokens/s per user against tokens/s per GPU over batch, tensor
    parallelism and precision, Pareto points marked, as ``roofline-cli frontier --format json``."""
    return _run_json("frontier", "--isl", _whole("isl", isl), "--osl", _whole("osl", osl),
                     "--tp", ",".join(_whole("tp", t) for t in _list(tp)),
                     "--precisions", ",".join(str(p) for p in _list(precisions)),
                     "--points", _whole("points", points), *_scenario_args(scenario, knobs))


def sweep(param, start, stop, points=50, scenario=None, **knobs):
    """The step at ``points`` values of ``param`` ("batch" or "seq") from ``start`` to ``stop``,
    log-spaced, as ``roofline-cli sweep --format json``."""
    return _run_json("sweep", "--param", param, "--from", _whole("start", start),
                     "--to", _whole("stop", stop), "--points", _whole("points", points),
                     *_scenario_args(scenario, knobs))


def import_profile(path, steps=1, scenario=None, **knobs):
    """Measured kernels from a profiler file (Nsight Compute or Systems CSV, a PyTorch trace,
    ERT or rocprofiler roofs) beside the scenario's step, as ``roofline-cli import --format
    json``; ``steps`` is how many inference steps the profile covers."""
    return _run_json("import", path, "--steps", repr(float(steps)),
                     *_scenario_args(scenario, knobs))


def predict(*files):
    """Each published measurement in the measurement files against the model's expected value
    and bound, as ``roofline-cli predict --format json``."""
    return _run_json("predict", *files)


def list_gpus():
    """The built-in GPU presets, as ``roofline-cli list gpus --format json``."""
    return _run_json("list", "gpus")


def list_models():
    """The built-in model presets, as ``roofline-cli list models --format json``."""
    return _run_json("list", "models")


def list_scenarios():
    """The built-in scenarios, as ``roofline-cli list scenarios --format json``."""
    return _run_json("list", "scenarios")


def load_model(path):
    """A model (a Hugging Face config.json, its folder, or a preset id) as the analysis reads it:
    its id, name, parameters (all and active) and shape (analyze's ``model_shape``: layers,
    widths, heads, mixers, feed-forwards, experts, quantization), or Error naming what is not
    supported, in the file's own key."""
    step = analyze(model=str(path))
    s, t = step["scenario"], step["totals"]
    return {"id": s["model"], "name": s["model_name"], "parameters": t["parameters"],
            "active_parameters": t["active_parameters"], **s["model_shape"]}


_FIGURE_FORMATS = ("svg", "png", "pdf")


class Figure:
    """A chart as roofline-cli export draws it. Jupyter shows it inline (SVG); ``savefig``
    writes SVG, PNG or PDF."""

    def __init__(self, args):
        self._args = list(args)
        # Drawn now, so that a scenario that cannot be drawn fails here, not in a notebook's
        # display of it.
        self._svg = _run("export", "--out", "-", "--format", "svg", *self._args).decode()

    def svg(self):
        """The figure as SVG text."""
        return self._svg

    def _repr_svg_(self):
        return self._svg

    def savefig(self, path, format=None, scale=None):
        """Writes the figure to ``path``: ``format`` (svg, png, pdf), else the path's extension,
        picks the format; ``scale`` multiplies a PNG's pixels."""
        path = _os.fspath(path)
        extension = _os.path.splitext(path)[1].lower().lstrip(".")
        format = (format or extension).lower()
        if format not in _FIGURE_FORMATS:
            raise Error("%s: a figure is written as .svg, .png or .pdf (or give format=), got "
                        "%r" % (path, format or "no extension"))
        extra = [] if scale is None else ["--scale", repr(float(scale))]
        if extension == format:
            _run("export", "--out", path, *extra, *self._args)
            return
        # Another extension, or none: the bytes of the format asked for, written whole, with
        # the permissions a new file gets (mkstemp's are private).
        data = _run("export", "--out", "-", "--format", format, *extra, *self._args)
        folder = _os.path.dirname(_os.path.abspath(path))
        try:
            fd, temporary = _tempfile.mkstemp(prefix=".roofline-", dir=folder)
        except OSError as e:
            raise Error("%s: cannot write there (%s)" % (path, e.strerror)) from None
        try:
            umask = _os.umask(0)
            _os.umask(umask)
            _os.fchmod(fd, 0o666 & ~umask)
            with _os.fdopen(fd, "wb") as f:
                f.write(data)
            _os.replace(temporary, path)
        except BaseException as e:
            if _os.path.exists(temporary):
                _os.remove(temporary)
            if isinstance(e, OSError):
                raise Error("%s: cannot write there (%s)" % (path, e.strerror)) from None
            raise


def figure(chart="roofline", width=1280, height=800, theme=None, scenario=None, **knobs):
    """The roofline chart (or ``chart="throughput"``) of the scenario, ``width`` × ``height``
    pixels, as a :class:`Figure` (drawn at once: a scenario that cannot be drawn raises Error)."""
    args = ["--chart", chart, "--width", _whole("width", width),
            "--height", _whole("height", height)]
    if theme is not None:
        args += ["--theme", theme]
    return Figure(args + _scenario_args(scenario, knobs))


def to_pandas(result):
    """A result's main table as a pandas DataFrame: analyze's ``ops``, frontier's and sweep's
    ``points``, import's ``kernels``, predict's ``predictions``, list's entries; a request's
    values as one row. Needs pandas (Debian: python3-pandas)."""
    try:
        import pandas
    except ImportError:
        raise Error("to_pandas needs pandas, which is not installed "
                    "(Debian: apt install python3-pandas)") from None
    if isinstance(result, list):
        return pandas.DataFrame(result)
    for key in ("ops", "points", "kernels", "predictions"):
        if isinstance(result.get(key), list):
            return pandas.DataFrame(result[key])
    return pandas.DataFrame([{k: v for k, v in result.items()
                              if not isinstance(v, (dict, list))}])


def _knob_lines():
    lines = []
    for k in _KNOBS.values():
        default = k["default"] if k["default"] != "" else "none"
        more = (", " + k["range"]) if k["range"] else ""
        lines.append("    %s: %s%s (default %s)" % (k["name"], k["help"], more, default))
    return "\n".join(lines)


def _output_lines(where):
    return "\n".join("    %s: %s" % (key, text) for place, key, text in _roofline.readouts()
                     if place in where)


_KNOB_DOC = "\n\nKeyword arguments (the scenario's knobs):\n" + _knob_lines() + "\n"
for _f in (analyze, request, frontier, sweep, import_profile, figure):
    _f.__doc__ += _KNOB_DOC
analyze.__doc__ += "\nThe totals it reports:\n" + _output_lines(("totals", "hardware")) + "\n"
request.__doc__ += "\nWhat it reports:\n" + _output_lines(("request",)) + "\n"
del _f
