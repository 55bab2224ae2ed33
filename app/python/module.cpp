// roofline._roofline: the C++ half of the Python module (app/python/roofline/__init__.py is the
// other). Two ways in, both over roofline-cli's own code so that a result is the CLI's JSON:
// analyze() resolves the knobs and writes the analysis as `roofline-cli analyze --format json`
// does, through the same writer (io's write_analysis), straight into dicts and lists, in-process
// and fast; run() runs any roofline-cli command line with its output captured.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "commands.h"
#include "roofline/io/json_io.h"
#include "roofline/io/json_out.h"
#include "roofline/io/preset_library.h"
#include "roofline/knobs.h"
#include "roofline/readouts.h"
#include "roofline/units.h"
#include "roofline/version.h"
#include "scenario_options.h"

namespace py = pybind11;

namespace roofline {
namespace {

// roofline.Error: a message as roofline-cli would print it after "error: ".
struct PythonError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string knob_names() {
  std::string names;
  for (const Knob& k : knobs()) names.append(names.empty() ? "" : ", ").append(k.name);
  return names;
}

std::string shown(const py::handle& value) { return py::repr(value).cast<std::string>(); }

[[noreturn]] void wrong(const Knob& k, const py::handle& value) {
  throw PythonError(std::string(k.name) + ": expected " + expected(k) + ", got " + shown(value));
}

// A str, or a path (os.PathLike: pathlib.Path) as its text.
std::string text_of(const Knob& k, const py::handle& value) {
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::hasattr(value, "__fspath__")) {
    const py::object path = py::module_::import("os").attr("fspath")(value);
    if (py::isinstance<py::str>(path)) return path.cast<std::string>();
  }
  wrong(k, value);
}

bool is_bool(const py::handle& value) {
  if (PyBool_Check(value.ptr())) return true;
  // Python's own int, float and str are not (asked first: the type's names cost a microsecond).
  if (PyLong_CheckExact(value.ptr()) || PyFloat_CheckExact(value.ptr()) ||
      PyUnicode_CheckExact(value.ptr()))
    return false;
  // numpy's (not a subclass of bool): numpy.bool_, named numpy.bool from numpy 2.
  const py::handle type = py::type::of(value);
  if (!py::hasattr(type, "__module__")) return false;
  const std::string module = py::str(type.attr("__module__")).cast<std::string>();
  const std::string name = py::str(type.attr("__name__")).cast<std::string>();
  return module == "numpy" && (name == "bool_" || name == "bool");
}

// A keyword argument as the knob's value: what a person passes from Python (a str or a path for
// names and presets, None for "none"; an int, a whole float or a numpy integer for counts; a bool
// or "on"/"off" for toggles; a number for shares and prices). The range is the knob table's,
// checked where the CLI checks it (apply_changes). Both ways in (analyze() and the flags of
// run()) go through here, so a mistake reads the same from every function.
ChangeValue knob_value(const Knob& k, const py::handle& value) {
  switch (k.type) {
    case KnobType::reference:
      if (value.is_none()) {
        if (k.preset.empty()) return std::string();  // compare_gpu=None: no comparison
        if (k.preset == "none") return std::string("none");
        wrong(k, value);
      }
      return text_of(k, value);
    case KnobType::phase:
      if (auto p = parse_phase(text_of(k, value))) return *p;
      wrong(k, value);
    case KnobType::precision:
      if (auto p = parse_precision(text_of(k, value))) return *p;
      wrong(k, value);
    case KnobType::weights: {
      const std::string name = text_of(k, value);
      if (name == "auto") return WeightsChoice{};
      if (auto p = parse_precision(name)) return WeightsChoice{*p};
      wrong(k, value);
    }
    case KnobType::integer: {
      if (is_bool(value) || py::isinstance<py::str>(value)) wrong(k, value);  // True is no batch
      if (py::isinstance<py::float_>(value)) {
        const double x = value.cast<double>();
        if (std::isfinite(x) && x == std::floor(x) && std::fabs(x) < 9.0e18)
          return static_cast<int64_t>(x);
        wrong(k, value);
      }
      if (!py::hasattr(value, "__index__")) wrong(k, value);  // int, numpy integers
      try {
        return py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr())).cast<int64_t>();
      } catch (const std::exception&) {
        PyErr_Clear();
        wrong(k, value);  // past 64 bits
      }
    }
    case KnobType::toggle:
      if (is_bool(value)) return PyObject_IsTrue(value.ptr()) == 1;
      if (py::isinstance<py::str>(value)) {
        const std::string t = value.cast<std::string>();
        if (t == "on" || t == "off") return t == "on";
      }
      wrong(k, value);
    case KnobType::fraction:
    case KnobType::amount: {
      if (is_bool(value) || py::isinstance<py::str>(value) || !py::hasattr(value, "__float__"))
        wrong(k, value);
      const double x = PyFloat_AsDouble(value.ptr());
      if (PyErr_Occurred()) {
        PyErr_Clear();
        wrong(k, value);
      }
      if (!std::isfinite(x)) wrong(k, value);
      return x;
    }
  }
  wrong(k, value);
}

ScenarioOptions options_of(const std::optional<std::string>& scenario, const py::dict& given) {
  ScenarioOptions o;
  o.scenario = scenario;
  for (const auto& [key, value] : given) {
    const std::string name = py::str(key).cast<std::string>();
    const Knob* k = find_knob(name);
    if (k == nullptr)
      throw PythonError("unknown keyword argument '" + name + "': expected one of " + knob_names());
    o.given[k->key] = knob_value(*k, value);
  }
  return o;
}

// A value as roofline-cli's flag reads it back exactly (doubles in full: value_text rounds).
std::string flag_text(const ChangeValue& v) {
  if (const double* x = std::get_if<double>(&v)) return format_exact(*x);
  return value_text(v);
}

// The knobs as roofline-cli's flags, for run(): the same checks and messages as analyze().
std::vector<std::string> knob_flags(const py::dict& given) {
  std::vector<std::string> flags;
  for (const auto& [key, value] : options_of(std::nullopt, given).given) {
    flags.push_back("--" + std::string(knob(key).flag));
    flags.push_back(flag_text(value));
  }
  return flags;
}

// A scenario resolved from built-in presets only is the same every time: resolving it again
// (parsing the scenario, GPU and model presets) is half of what analyze() costs, so the last few
// are kept, keyed by every value in full. Only exact built-in ids are cached: a name that is a
// file or a folder may change between calls. Read and written under the GIL.
bool builtin_id(ChangeKey key, const std::string& id) {
  const PresetLibrary& lib = PresetLibrary::builtin();
  switch (key) {
    case ChangeKey::gpu:
      return find_preset(lib.gpus(), id) != nullptr;
    case ChangeKey::compare_gpu:
      return id.empty() || find_preset(lib.gpus(), id) != nullptr;
    case ChangeKey::model:
      return find_preset(lib.models(), id) != nullptr;
    case ChangeKey::calibration:
      return id == "none" || find_preset(lib.calibrations(), id) != nullptr;
    case ChangeKey::spec:
      return true;  // a method's name, never a file
    default:
      return false;
  }
}

std::optional<std::string> cache_key(const ScenarioOptions& o) {
  std::string key;
  if (o.scenario) {
    if (find_preset(PresetLibrary::builtin().scenarios(), *o.scenario) == nullptr)
      return std::nullopt;
    key = *o.scenario;
  }
  for (const auto& [k, v] : o.given) {
    const std::string text = flag_text(v);
    if (knob(k).type == KnobType::reference && !builtin_id(k, text)) return std::nullopt;
    key.append("\x1f").append(to_string(k)).append("=").append(text);
  }
  return key;
}

// The scenario, shared with the cache: held by the caller, it outlives a later call that clears
// the cache (a finalizer run while Python objects are made may call analyze() again).
std::shared_ptr<const Scenario> resolved(const ScenarioOptions& o) {
  static std::unordered_map<std::string, std::shared_ptr<const Scenario>> cache;
  const std::optional<std::string> key = cache_key(o);
  if (key) {
    if (auto it = cache.find(*key); it != cache.end()) return it->second;
  }
  auto made = std::make_shared<const Scenario>(resolve_builtin_scenario(o));
  if (!key) return made;
  if (cache.size() >= 64) cache.clear();  // a bound: a notebook's few scenarios, not a leak
  return cache.emplace(*key, std::move(made)).first->second;
}

py::object stolen(PyObject* p) {
  if (p == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(p);
}

struct TextHash {
  using is_transparent = void;
  size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};

// Short texts (keys, kinds, op names) as Python str, each made once and kept for the
// interpreter's life: the writer's keys are a fixed few hundred and most short values recur from
// call to call (bounded, since values come from data; longer texts are made each time). An
// analysis looks up ~450 texts, nearly all of them string literals and table entries that sit at
// the same address on every call, so a small cache indexed by the text's address comes first; a
// hit is checked against the str's own characters, so a text that moved or changed is never
// mistaken. Hashing and comparing each text in a hash table alone was a fifth of an analysis.
class TextTable {
 public:
  py::object get(std::string_view text) {
    if (text.size() > kLongest) return made(text);
    Recent& r =
        recent_[(reinterpret_cast<uintptr_t>(text.data()) >> 3 ^ text.size()) & (kRecent - 1)];
    if (r.text != nullptr && r.data == text.data() && r.size == text.size() &&
        same_bytes(r.bytes, text))
      return py::reinterpret_borrow<py::object>(r.text);
    if (const auto it = kept_.find(text); it != kept_.end()) {
      remember(r, text, it->second);
      return py::reinterpret_borrow<py::object>(it->second);
    }
    py::object t = made(text);
    if (kept_.size() >= kMostKept) return t;
    PyObject* kept = t.release().ptr();
    PyUnicode_InternInPlace(&kept);  // the table keeps this reference for good
    kept_.emplace(std::string(text), kept);
    remember(r, text, kept);
    return py::reinterpret_borrow<py::object>(kept);
  }

 private:
  static constexpr size_t kLongest = 40;
  static constexpr size_t kMostKept = 4096;
  static constexpr size_t kRecent = 512;  // of 64 bytes: 32 kB
  struct alignas(64) Recent {
    const char* data = nullptr;
    PyObject* text = nullptr;  // one of kept_'s
    uint8_t size = 0;
    char bytes[kLongest] = {};  // a copy of the text, checked on every hit
  };
  static void remember(Recent& r, std::string_view text, PyObject* kept) {
    r.data = text.data();
    r.text = kept;
    r.size = static_cast<uint8_t>(text.size());
    std::copy(text.begin(), text.end(), r.bytes);
  }
  // `bytes` begin with `text`: a word at a time, inline.
  static bool same_bytes(const char* bytes, std::string_view text) {
    uint64_t differ = 0;
    size_t i = 0;
    for (; i + 8 <= text.size(); i += 8) {
      uint64_t a, b;
      std::memcpy(&a, bytes + i, 8);
      std::memcpy(&b, text.data() + i, 8);
      differ |= a ^ b;
    }
    for (; i < text.size(); ++i) differ |= static_cast<unsigned char>(bytes[i] ^ text[i]);
    return differ == 0;
  }
  static py::object made(std::string_view text) {
    return stolen(
        PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "replace"));
  }
  std::unordered_map<std::string, PyObject*, TextHash, std::equal_to<>> kept_;
  std::vector<Recent> recent_ = std::vector<Recent>(kRecent);
};

// A new reference to `text` as a str.
PyObject* text_object(std::string_view text) {
  static TextTable* table = new TextTable;  // never destroyed: it holds references to str
  return table->get(text).release().ptr();
}

// The document as json.loads() would read its text, made as it is written: dicts (in the
// writer's order), lists, str, int, float (None where not finite, as the text writes null),
// bool and None. Each container goes into its parent when it opens; the stack holds borrowed
// references to the open ones, all owned by the root. Raw references, each new one handed on
// once (put), since wrapping each of ~700 values cost a microsecond of reference counting.
class PythonOut final : public JsonOut {
 public:
  PythonOut() = default;
  PythonOut(const PythonOut&) = delete;
  PythonOut& operator=(const PythonOut&) = delete;
  ~PythonOut() override {
    Py_XDECREF(root_);
    Py_XDECREF(key_);
  }
  void begin_object() override { open(PyDict_New()); }
  void begin_array() override { open(PyList_New(0)); }
  void end() override { open_.pop_back(); }
  void key(std::string_view name) override {
    PyObject* made = text_object(name);  // may throw: key_ stays as it was
    Py_XSETREF(key_, made);
  }
  void null() override { put(Py_NewRef(Py_None)); }
  void boolean(bool value) override { put(PyBool_FromLong(value)); }
  void integer(int64_t value) override { put(PyLong_FromLongLong(value)); }
  void unsigned_integer(uint64_t value) override { put(PyLong_FromUnsignedLongLong(value)); }
  void number(double value) override {
    put(std::isfinite(value) ? PyFloat_FromDouble(value) : Py_NewRef(Py_None));
  }
  void string(std::string_view value) override { put(text_object(value)); }
  py::object take() { return py::reinterpret_steal<py::object>(std::exchange(root_, nullptr)); }

 private:
  // Takes `value`, a new reference (null: the call that made it failed).
  void put(PyObject* value) {
    if (value == nullptr) throw py::error_already_set();
    if (open_.empty()) {
      Py_XDECREF(root_);
      root_ = value;
      return;
    }
    PyObject* container = open_.back();
    const int failed = PyList_CheckExact(container) ? PyList_Append(container, value)
                                                    : PyDict_SetItem(container, key_, value);
    Py_DECREF(value);  // the container holds it now
    if (failed != 0) throw py::error_already_set();
  }
  void open(PyObject* container) {
    put(container);  // the parent (or root_) owns it; it stays open by a borrowed reference
    open_.push_back(container);
  }
  PyObject* root_ = nullptr;  // owned
  PyObject* key_ = nullptr;   // owned
  std::vector<PyObject*> open_;
};

// `roofline-cli analyze --format json` on the scenario and knobs, in-process, as json.loads()
// would read it. Any failure is roofline.Error with the message roofline-cli would print
// (printable: one line, no controls).
py::object analysis_of(const std::optional<std::string>& scenario, const py::dict& given) {
  const ScenarioOptions o = options_of(scenario, given);
  try {
    const std::shared_ptr<const Scenario> s = resolved(o);
    const Analysis a = analyze_or_throw(*s);
    PythonOut out;
    write_analysis(out, *s, a);
    return out.take();
  } catch (const PythonError&) {
    throw;
  } catch (const py::error_already_set&) {
    throw;
  } catch (const std::exception& e) {
    throw PythonError(printable(e.what()));
  }
}

// roofline-cli on `args` (args[0] the program's name): its exit code, stdout and stderr.
py::tuple run(const std::vector<std::string>& args) {
  std::string out, err;
  int code = 0;
  {
    py::gil_scoped_release unlocked;  // a figure takes a while; other threads may go on
    CaptureOutput capture(out, err);
    code = run_cli(args);
  }
  return py::make_tuple(code, py::bytes(out), err);
}

// The knob table as Python reads it (docstrings, keyword checks, flags for run()).
py::list knob_rows() {
  py::list rows;
  for (const Knob& k : knobs()) {
    static constexpr const char* kTypes[] = {"reference", "phase",  "precision", "weights",
                                             "integer",   "toggle", "fraction",  "amount"};
    py::dict row;
    row["name"] = std::string(k.name);
    row["flag"] = std::string(k.flag);
    row["type"] = kTypes[static_cast<size_t>(k.type)];
    row["help"] = std::string(k.help);
    row["default"] = value_text(default_value(k));
    row["range"] =
        k.type == KnobType::integer || k.type == KnobType::fraction || k.type == KnobType::amount
            ? range_text(k)
            : std::string();
    row["unit"] = std::string(k.unit);
    rows.append(row);
  }
  return rows;
}

// Every output's key and help, for the docstrings of analyze() and request().
py::list readout_rows() {
  py::list rows;
  for (const StepReadout& r : step_readouts()) {
    if (r.key.empty() || r.object == JsonObject::none) continue;
    rows.append(py::make_tuple(r.object == JsonObject::totals ? "totals" : "hardware",
                               std::string(r.key), std::string(r.help)));
  }
  for (const RequestReadout& r : request_readouts()) {
    if (r.shows & kJson)
      rows.append(py::make_tuple("request", std::string(r.key), std::string(r.help)));
  }
  return rows;
}

}  // namespace
}  // namespace roofline

PYBIND11_MODULE(_roofline, m) {
  using namespace roofline;
  m.doc() = "roofline's C++ core (use the roofline package, not this module)";
  py::register_exception<PythonError>(m, "Error");
  m.def("version", [] { return std::string(version()); });
  m.def("analyze", &analysis_of, py::arg("scenario"), py::arg("knobs"));
  m.def("run", &run, py::arg("args"));
  m.def("knob_flags", &knob_flags, py::arg("knobs"));
  m.def("knobs", &knob_rows);
  m.def("readouts", &readout_rows);
}
