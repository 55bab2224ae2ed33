#pragma once
// roofline-cli export: the roofline chart, the throughput-vs-batch chart (PNG, SVG, PDF) or
// the operator table (CSV, Markdown) of any scenario, chosen by the --out file's extension.

namespace CLI {
class App;
}

namespace roofline {

void register_export(CLI::App& app);

}  // namespace roofline
