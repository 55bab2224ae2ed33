"""docs/schema: every JSON output of roofline-cli (and of the Python module, which is the same
JSON) and every shipped GPU, scenario and calibration file, validated against its JSON Schema
(draft 2020-12, python3-jsonschema from Debian), and the schemas against the tables they document.

Outputs are made over every built-in scenario with and without a calibration, a compare GPU,
speculative decoding, prefill and a price; every model preset; requests, frontiers and sweeps;
every profile in tests/data/profiles; the published measurements. The output schemas forbid keys
they do not name, so a new output key fails here until its schema documents it.
"""

import copy
import json
import os
import pathlib

import pytest

# Debian's python3-jsonschema, which .ci/setup.sh installs: skipped where it is missing, except
# on CI, where a skip would hide a failure.
if os.environ.get("CI") == "true":
    import jsonschema
else:
    jsonschema = pytest.importorskip("jsonschema")

import roofline
from roofline import _roofline

SOURCE = pathlib.Path(os.environ["ROOFLINE_SOURCE_DIR"])
SCHEMAS = SOURCE / "docs" / "schema"
BASE = SCHEMAS.as_uri() + "/"
STORE = {BASE + p.name: json.loads(p.read_text()) for p in SCHEMAS.glob("*.schema.json")}
SCENARIOS = [s["id"] for s in roofline.list_scenarios()]
CALIBRATION = "h100-cuda-graphs"


def validator(kind):
    schema = STORE[BASE + kind + ".schema.json"]
    resolver = jsonschema.RefResolver(BASE + kind + ".schema.json", schema, store=STORE)
    return jsonschema.Draft202012Validator(schema, resolver=resolver)


def problems(kind, document):
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in validator(kind).iter_errors(document)]


def assert_valid(kind, document, what):
    found = problems(kind, document)
    assert not found, f"{what}: {found[:5]}"


def test_every_schema_is_a_draft_2020_12_schema():
    names = sorted(p.name for p in SCHEMAS.glob("*.schema.json"))
    assert names == sorted(f"{k}.schema.json" for k in (
        "analyze", "sweep", "request", "frontier", "import", "predict",
        "scenario", "gpu", "calibration"))
    for uri, schema in STORE.items():
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["$id"] == uri.removeprefix(BASE) and schema["title"] and schema["description"]


def analyses():
    variants = [{}, {"phase": "prefill"}, {"compare_gpu": "b200"}, {"calibration": CALIBRATION},
                {"tp": 2, "spec": "mtp"},
                {"calibration": CALIBRATION, "gpu_hour_usd": 3, "spec": "mtp", "compare_gpu": "h200"},
                {"calibration": CALIBRATION, "phase": "prefill", "gpu_hour_usd": 3}]
    for sid in SCENARIOS:
        for knobs in variants:
            yield f"{sid} {knobs}", roofline.analyze(scenario=sid, **knobs)
    for model in roofline.list_models():
        yield model["id"], roofline.analyze(model=model["id"], calibration=CALIBRATION)
    # Every communication operator: all-reduces, the experts' all-to-alls, a gather-scatter.
    for layout in ({"tp": 2, "dp": 4, "ep": 8, "moe_imbalance": 1.3}, {"tp": 1, "dp": 8},
                   {"tp": 8, "ep": 8}):
        yield f"deepseek-v3 {layout}", roofline.analyze(model="deepseek-v3",
                                                         calibration=CALIBRATION, **layout)
    # Every config the tests keep (heads of their own per layer type, latent experts, no
    # context limit...), the ones roofline refuses aside.
    for config in sorted((SOURCE / "tests/data/configs").glob("*.json")):
        try:
            yield config.name, roofline.analyze(model=config)
        except roofline.Error:
            pass
    # Every GPU, those with no board power, no price or no compute roof included.
    for gpu in roofline.list_gpus():
        try:
            yield gpu["id"], roofline.analyze(gpu=gpu["id"], compare_gpu="h100-sxm")
        except roofline.Error:
            pass
    yield "does not fit", roofline.analyze(model="llama-3-70b", batch=100000)


def test_analyze_outputs():
    count = 0
    for what, result in analyses():
        assert_valid("analyze", result, what)
        count += 1
    assert count > 100
    measured = roofline.cli("analyze", "--scenario", "measured-kernels", "--measured",
                            SOURCE / "tests/data/profiles/nsys_RTX5090_decode_cuda_gpu_kern_sum.csv",
                            "--format", "json")
    assert "measured" in json.loads(measured)
    assert_valid("analyze", json.loads(measured), "analyze --measured")


def test_request_frontier_sweep_outputs():
    for model in ("llama-3-8b", "llama-3-70b", "deepseek-v3", "qwen3-next-80b-a3b"):
        for knobs in ({}, {"calibration": CALIBRATION, "gpu_hour_usd": 2.5}, {"spec": "mtp"}):
            result = roofline.request(1000, 200, model=model, **knobs)
            assert_valid("request", result, f"request {model} {knobs}")
    for knobs in ({}, {"calibration": CALIBRATION, "gpu_hour_usd": 2.5}):
        assert_valid("frontier", roofline.frontier(points=4, **knobs), f"frontier {knobs}")
    for gpu in roofline.list_gpus():  # no board power (TPUs, Apple): null energy
        try:
            request = roofline.request(1000, 200, gpu=gpu["id"])
            frontier = roofline.frontier(points=3, gpu=gpu["id"], calibration=CALIBRATION)
        except roofline.Error:
            continue
        assert_valid("request", request, f"request on {gpu['id']}")
        assert_valid("frontier", frontier, f"frontier on {gpu['id']}")
    for param in ("batch", "seq"):
        for knobs in ({}, {"calibration": CALIBRATION, "model": "deepseek-v3"}):
            assert_valid("sweep", roofline.sweep(param, 1, 4096, points=7, **knobs),
                         f"sweep {param} {knobs}")


def test_import_and_predict_outputs():
    profiles = sorted(p for p in (SOURCE / "tests/data/profiles").iterdir()
                      if p.suffix in (".csv", ".json", ".gz") and "sysinfo" not in p.name)
    assert len(profiles) >= 10
    for profile in profiles:
        for scenario in (None, "measured-kernels"):
            assert_valid("import", roofline.import_profile(profile, scenario=scenario),
                         profile.name)
    data = SOURCE / "tests/data/calibration/measured-public.json"
    assert_valid("predict", roofline.predict(data), "predict")
    # A measurement the model cannot predict is a row with its error.
    rows = roofline.predict(data)
    rows[0] = {k: v for k, v in rows[0].items() if k not in ("expected", "bound")}
    rows[0]["error"] = "the context is past the model's limit"
    assert_valid("predict", rows, "predict with an error row")
    del rows[0]["error"]
    assert problems("predict", rows), "a row with neither a prediction nor an error"
    assert_valid("predict", json.loads(roofline.cli("predict", data, "--calibration", CALIBRATION,
                                                    "--format", "json")), "predict calibrated")


def test_shipped_files():
    for kind, folder in (("gpu", "gpus"), ("scenario", "scenarios"),
                         ("calibration", "calibrations")):
        files = sorted((SOURCE / "presets" / folder).glob("*.json"))
        assert files
        for f in files:
            assert_valid(kind, json.loads(f.read_text()), f.name)


def test_the_schemas_document_every_output_and_knob_as_the_tables_do():
    analyze = STORE[BASE + "analyze.schema.json"]["properties"]
    request = STORE[BASE + "request.schema.json"]["properties"]
    places = {"hardware": analyze["hardware"]["properties"],
              "totals": analyze["totals"]["properties"], "request": request}
    for place, key, text in _roofline.readouts():
        assert places[place][key]["description"] == text, (place, key)
    scenario_file = STORE[BASE + "scenario.schema.json"]["properties"]
    resolved = analyze["scenario"]["properties"]
    for k in roofline.knobs():
        name = k["name"]
        assert scenario_file[name]["description"].startswith(k["help"]), name
        if name in resolved:
            assert resolved[name]["description"] == k["help"], name


def test_the_schemas_refuse_what_is_not_the_contract():
    # Each schema must be able to fail: a key left out, a key it does not name, a wrong type.
    step = roofline.analyze()
    assert not problems("analyze", step)
    broken = copy.deepcopy(step)
    del broken["ops"][0]["bound"]
    assert problems("analyze", broken) == ["ops/0: 'bound' is a required property"]
    broken = copy.deepcopy(step)
    broken["totals"]["tokens_per_second"] = 1.0
    assert len(problems("analyze", broken)) == 1
    broken = copy.deepcopy(step)
    broken["totals"]["time_s"] = "fast"
    assert problems("analyze", broken) == ["totals/time_s: 'fast' is not of type 'number', 'null'"]
    request = roofline.request(1000, 200)
    del request["tpot_s"]
    assert problems("request", request) == [": 'tpot_s' is a required property"]
    gpu = json.loads((SOURCE / "presets/gpus/h100-sxm.json").read_text())
    del gpu["memory_bandwidth"]
    gpu["peak_flops"]["fp12"] = 1e15
    assert len(problems("gpu", gpu)) == 2
    cal = json.loads((SOURCE / "presets/calibrations/h100-cuda-graphs.json").read_text())
    cal["efficiency"]["gemm"]["compute"] = 1.5
    assert problems("calibration", cal) == ["efficiency/gemm/compute: 1.5 is greater than the maximum of 1"]
    assert problems("scenario", {"batch": 0, "phase": "train"}) and \
        len(problems("scenario", {"batch": 0, "phase": "train"})) == 2
