"""The Python module `roofline` against roofline-cli: the same JSON, the same messages.

Run by ctest (python.module) with PYTHONPATH at the build tree's python/ folder, ROOFLINE_CLI at
the roofline-cli built beside it and ROOFLINE_SOURCE_DIR at the source tree.
"""

import doctest
import json
import os
import pathlib
import re
import subprocess

import pytest

import roofline

CLI = os.environ["ROOFLINE_CLI"]
SOURCE = pathlib.Path(os.environ["ROOFLINE_SOURCE_DIR"])


def cli(*args):
    """roofline-cli ARGS as a process: (exit code, stdout bytes, stderr text)."""
    p = subprocess.run([CLI, *map(str, args)], capture_output=True)
    return p.returncode, p.stdout, p.stderr.decode()


def cli_json(*args):
    code, out, err = cli(*args, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def cli_error(*args):
    code, _, err = cli(*args)
    assert code != 0
    return err.strip().removeprefix("roofline-cli: error: ")


SCENARIOS = [s["id"] for s in cli_json("list", "scenarios")]


def same(a, b):
    """a == b with the same types all the way down (== alone takes True, 1 and 1.0 as equal)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def test_every_builtin_scenario_is_the_clis_json():
    assert len(SCENARIOS) >= 10
    for sid in SCENARIOS:
        assert same(roofline.analyze(scenario=sid), cli_json("analyze", "--scenario", sid)), sid


def test_knobs_are_keyword_arguments_named_as_in_scenario_files():
    py = roofline.analyze(model="llama-3-8b", gpu="h200", batch=8, seq=4096, phase="decode",
                          precision="fp8", kv="bf16", flash_attention=False, tp=2,
                          compute_efficiency=0.7, gpu_hour_usd=2.5, compare_gpu="b200")
    assert py == cli_json("analyze", "--model", "llama-3-8b", "--gpu", "h200", "--batch", 8,
                          "--seq", 4096, "--phase", "decode", "--precision", "fp8", "--kv",
                          "bf16", "--flash", "off", "--tp", 2, "--compute-efficiency", 0.7,
                          "--gpu-hour-usd", 2.5, "--compare-gpu", "b200")
    # Llama 3 8B: 8,030,261,248 parameters (Meta's model card: 8.03 B), 2 bytes each in bf16
    # less the fp8 matrices: the count is the model's, whatever the precision.
    assert py["totals"]["parameters"] == 8030261248


def test_request_frontier_and_sweep_are_the_clis_json():
    assert roofline.request(1000, 200, batch=8, gpu_hour_usd=2.5) == cli_json(
        "request", "--isl", 1000, "--osl", 200, "--batch", 8, "--gpu-hour-usd", 2.5)
    assert roofline.frontier(isl=512, osl=64, tp=(1, 2), precisions=("bf16",), points=3,
                             model="qwen3-30b-a3b") == cli_json(
        "frontier", "--isl", 512, "--osl", 64, "--tp", "1,2", "--precisions", "bf16",
        "--points", 3, "--model", "qwen3-30b-a3b")
    assert roofline.frontier(isl=512, osl=64, tp=2, precisions="fp8", points=2) == cli_json(
        "frontier", "--isl", 512, "--osl", 64, "--tp", 2, "--precisions", "fp8", "--points", 2)
    assert roofline.sweep("batch", 1, 1e3, points=3) == cli_json(
        "sweep", "--param", "batch", "--from", 1, "--to", 1000, "--points", 3)
    assert roofline.sweep("batch", 1, 256, points=5, gpu="a100-80gb-sxm") == cli_json(
        "sweep", "--param", "batch", "--from", 1, "--to", 256, "--points", 5, "--gpu",
        "a100-80gb-sxm")


def test_request_costs_what_its_formula_says():
    r = roofline.request(1000, 200, batch=8, gpu_hour_usd=2.5)
    # $2.50 an hour over the output tokens each GPU makes in a second, per million tokens.
    assert r["cost_per_mtok_usd"] == pytest.approx(2.5 / 3600 / r["output_tokens_per_s_per_gpu"] * 1e6)
    # The H100 SXM's 700 W (NVIDIA's product page) over the same rate.
    assert r["energy_per_token_j"] == pytest.approx(700 / r["output_tokens_per_s_per_gpu"])


def test_errors_carry_the_clis_message():
    with pytest.raises(roofline.Error) as e:
        roofline.analyze(batch=0)
    assert str(e.value) == cli_error("analyze", "--batch", 0)
    with pytest.raises(roofline.Error) as e:
        roofline.analyze(gpu="h900")
    assert str(e.value) == cli_error("analyze", "--gpu", "h900")
    with pytest.raises(roofline.Error) as e:
        roofline.request(1024, 10**9)
    assert str(e.value) == cli_error("request", "--isl", 1024, "--osl", 10**9)


def test_keyword_arguments_are_checked_by_name_and_type():
    with pytest.raises(roofline.Error, match=r"unknown keyword argument 'batchsize': expected "
                                             r"one of gpu, model, phase, batch"):
        roofline.analyze(batchsize=8)
    with pytest.raises(roofline.Error, match=r"unknown keyword argument 'batchsize'"):
        roofline.request(8, 8, batchsize=8)
    with pytest.raises(roofline.Error, match=r"^batch: expected a positive integer, got '8'$"):
        roofline.analyze(batch="8")
    with pytest.raises(roofline.Error, match=r"^batch: expected a positive integer, got True$"):
        roofline.analyze(batch=True)
    with pytest.raises(roofline.Error, match=r"^flash_attention: expected true or false, got 1$"):
        roofline.analyze(flash_attention=1)
    with pytest.raises(roofline.Error, match=r"^compute_efficiency: expected a number in "):
        roofline.analyze(compute_efficiency=float("nan"))
    assert roofline.analyze(flash_attention="off") == roofline.analyze(flash_attention=False)
    assert roofline.analyze(compare_gpu=None) == roofline.analyze()
    assert roofline.analyze(calibration=None) == roofline.analyze(calibration="none")
    # A whole float is a count; half a sequence is not.
    assert roofline.analyze(batch=8.0) == roofline.analyze(batch=8)
    with pytest.raises(roofline.Error, match=r"^batch: expected a positive integer, got 8.5$"):
        roofline.analyze(batch=8.5)
    # Every function checks the same way and says the same thing.
    with pytest.raises(roofline.Error, match=r"^batch: expected a positive integer, got True$"):
        roofline.request(8, 8, batch=True)
    with pytest.raises(roofline.Error, match=r"^batch: expected a positive integer, got True$"):
        roofline.figure(batch=True)
    with pytest.raises(roofline.Error, match=r"^osl: expected a whole number, got 2.5$"):
        roofline.request(8, 2.5)


def test_nearby_values_and_folders_are_never_confused(tmp_path, monkeypatch):
    # Resolved scenarios are cached: by every digit of a value, and never for a file or folder.
    near = roofline.analyze(phase="prefill", batch=8, compute_efficiency=0.5000004)
    assert near == cli_json("analyze", "--phase", "prefill", "--batch", 8,
                            "--compute-efficiency", "0.5000004")
    assert near != roofline.analyze(phase="prefill", batch=8, compute_efficiency=0.5)
    config = json.loads((SOURCE / "tests/data/configs/command-r7b-12-2024.json").read_text())
    (tmp_path / "m").mkdir()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "m" / "config.json").write_text(json.dumps(config))
    whole = roofline.analyze(model="m")["totals"]["parameters"]
    config["num_hidden_layers"] //= 2
    (tmp_path / "m" / "config.json").write_text(json.dumps(config))
    assert roofline.analyze(model="m")["totals"]["parameters"] < whole
    by_path = roofline.analyze(model=tmp_path / "m")  # a pathlib.Path
    assert by_path["totals"] == roofline.analyze(model="m")["totals"]


def test_texts_of_any_length_and_alphabet_come_through_the_writer(tmp_path):
    # analyze() makes its str from the writer's texts, short ones kept from call to call: a long,
    # non-ASCII name and a second model at the same place must read as the CLI writes them.
    config = json.loads((SOURCE / "tests/data/configs/command-r7b-12-2024.json").read_text())
    names = ["Modèle « très long » — un nom de plus de quarante octets, en UTF-8 ✓", "Ωmega 7B"]
    for name in names:
        config["_name"] = name
        path = tmp_path / "config.json"
        path.write_text(json.dumps(config, ensure_ascii=False), encoding="utf-8")
        for _ in range(2):  # the second call finds its texts kept
            step = roofline.analyze(model=path, compare_gpu="h200")
            assert same(step, cli_json("analyze", "--model", path, "--compare-gpu", "h200"))
            assert step["scenario"]["model_name"] == name
    # The same texts at the same places with other contents: layer-type ids of a hybrid model.
    assert same(roofline.analyze(scenario="hybrid-layers"),
                cli_json("analyze", "--scenario", "hybrid-layers"))


def test_profiles_measurements_and_lists():
    profile = SOURCE / "tests/data/profiles/nsys_RTX5090_decode_cuda_gpu_kern_sum.csv"
    assert roofline.import_profile(profile, steps=64, gpu="rtx-5090") == cli_json(
        "import", profile, "--steps", 64, "--gpu", "rtx-5090")
    measured = SOURCE / "tests/data/calibration/serving.json"
    assert roofline.predict(measured) == cli_json("predict", measured)
    assert roofline.list_gpus() == cli_json("list", "gpus")
    assert len(roofline.list_gpus()) == 31
    assert roofline.list_models() == cli_json("list", "models")


def test_load_model_reads_a_config_or_names_what_it_refuses(tmp_path):
    config = SOURCE / "tests/data/configs/command-r7b-12-2024.json"
    model = roofline.load_model(config)
    step = cli_json("analyze", "--model", config)
    assert model["name"] == step["scenario"]["model_name"]
    assert model["parameters"] == step["totals"]["parameters"]
    assert model["layers"] == step["scenario"]["model_shape"]["layers"] == 32  # its num_hidden_layers
    bad = tmp_path / "config.json"
    bad.write_text('{"model_type": "llama", "hidden_size": 4096}')
    with pytest.raises(roofline.Error, match="num_hidden_layers: missing") as e:
        roofline.load_model(bad)
    assert str(e.value) == cli_error("analyze", "--model", bad)


def test_figures_show_inline_and_save(tmp_path):
    fig = roofline.figure(model="llama-3-8b", batch=64, width=800, height=500)
    svg = fig._repr_svg_()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg and "Llama 3 8B" in svg
    _, out, _ = cli("export", "--out", "-", "--format", "svg", "--chart", "roofline", "--width",
                    800, "--height", 500, "--model", "llama-3-8b", "--batch", 64)
    assert svg == out.decode()
    fig.savefig(tmp_path / "chart.png")
    assert (tmp_path / "chart.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    fig.savefig(tmp_path / "chart.pdf")
    assert (tmp_path / "chart.pdf").read_bytes()[:5] == b"%PDF-"
    fig.savefig(tmp_path / "chart", format="png")  # no extension: the format given
    assert (tmp_path / "chart").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(roofline.Error, match=r"a figure is written as \.svg, \.png or \.pdf"):
        fig.savefig(tmp_path / "chart.csv")
    with pytest.raises(roofline.Error, match=r"a figure is written as"):
        fig.savefig(tmp_path / "chart.bmp")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chart", "chart.pdf", "chart.png"]
    with pytest.raises(roofline.Error, match="^batch must be between 1 and 1000000, got 0$"):
        roofline.figure(batch=0)  # drawn at once: the error is here, not in the notebook
    with pytest.raises(roofline.Error, match="unknown keyword argument 'colour'"):
        roofline.figure(colour="red")


def test_to_pandas_or_says_what_it_needs():
    step = roofline.analyze()
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(roofline.Error, match="python3-pandas"):
            roofline.to_pandas(step)
        return
    table = roofline.to_pandas(step)
    assert len(table) == len(step["ops"])
    assert list(table["name"]) == [op["name"] for op in step["ops"]]


def test_version_cli_and_docstrings():
    assert roofline.__version__ == cli("--version")[1].decode().split()[-1]
    assert roofline.cli("analyze", "--model", "llama-3-8b") == cli(
        "analyze", "--model", "llama-3-8b")[1].decode()
    for knob in roofline.knobs():
        assert "    %s: " % knob["name"] in roofline.analyze.__doc__
    assert "    ttft_s: " in roofline.request.__doc__
    assert "    cost_per_mtok_usd: " in roofline.analyze.__doc__


def test_the_module_docstring_and_the_readme_example_run(tmp_path, monkeypatch):
    assert doctest.testmod(roofline).failed == 0
    monkeypatch.chdir(tmp_path)  # the example saves a chart
    readme = (SOURCE / "README.md").read_text()
    blocks = re.findall(r"```pycon\n(.*?)```", readme, re.S)
    assert blocks, "the README's Python example (a ```pycon block)"
    for block in blocks:
        test = doctest.DocTestParser().get_doctest(block, {}, "README", "README.md", 0)
        result = doctest.DocTestRunner().run(test)
        assert result.failed == 0
    assert (tmp_path / "chart.svg").read_text().lstrip().startswith("<?xml")
