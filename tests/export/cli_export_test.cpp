// `roofline-cli export` run as a user or a docs script would: real process, real files.

#include <sys/wait.h>

#include <gtest/gtest.h>

#include "export_fixtures.h"
#include "roofline/version.h"

namespace roofline {
namespace {

struct CliRun {
  int exit_code = -1;
  std::string out, err;
};

class CliExport : public testing::ScratchDir {
 protected:
  CliRun run(const std::string& args, const char* command = "export") {
    const std::string out = (dir_.parent_path() / (dir_.filename().string() + ".out")).string();
    const std::string err = (dir_.parent_path() / (dir_.filename().string() + ".err")).string();
    const std::string cmd = std::string("'") + ROOFLINE_CLI + "' " + command + " " + args + " >'" +
                            out + "' 2>'" + err + "'";
    const int status = std::system(cmd.c_str());
    CliRun r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = testing::read_file(out);
    r.err = testing::read_file(err);
    std::filesystem::remove(out);
    std::filesystem::remove(err);
    return r;
  }
};

TEST_F(CliExport, TheIssueCommandWritesAnSvg) {
  const CliRun r = run("--model llama-3-70b --batch 64 --out '" + path("fig.svg") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "wrote " + path("fig.svg") + " (roofline chart, 1280x800)\n");
  const std::string svg = testing::read_file(path("fig.svg"));
  EXPECT_NE(svg.find("Llama 3 70B"), std::string::npos);
  EXPECT_NE(svg.find("batch 64"), std::string::npos);
  EXPECT_NE(svg.find(">ridge 295 FLOP/B</text>"), std::string::npos);
}

// --size: the export dialog's presets by name. A paper column is 252 x 180 pt with 8 pt type:
// its SVG says pt (3.5 in wherever it is placed), its PNG is 300 dpi; a flag given beside the
// preset wins; an unknown name lists the known ones and writes nothing.
TEST_F(CliExport, SizePresetsByName) {
  CliRun r = run("--size column --out '" + path("col.svg") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "wrote " + path("col.svg") + " (roofline chart, 252x180 pt)\n");
  const std::string svg = testing::read_file(path("col.svg"));
  EXPECT_NE(svg.find("width=\"252pt\" height=\"180pt\" viewBox=\"0 0 252 180\""),
            std::string::npos);
  // 8 pt type: the title 1.25 em (10 pt), the dot labels 0.8 em (6.4 pt).
  EXPECT_NE(svg.find("font-size=\"10\" font-weight=\"bold\""), std::string::npos);
  EXPECT_NE(svg.find("font-size=\"6.4\""), std::string::npos);
  r = run("--size column --out '" + path("col.png") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "wrote " + path("col.png") + " (roofline chart, 1050x750 pixels)\n");
  r = run("--size slide --out '" + path("slide.pdf") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "wrote " + path("slide.pdf") + " (roofline chart, 960x540 pt)\n");
  // A flag beside the preset wins; 1000 x 540 is no paper or slide size: pixels, as the export
  // dialog would write it.
  r = run("--size slide --width 1000 --out '" + path("wide.svg") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "wrote " + path("wide.svg") + " (roofline chart, 1000x540)\n");
  EXPECT_NE(testing::read_file(path("wide.svg")).find("width=\"1000\" height=\"540\""),
            std::string::npos);
  // A screen size stays in pixels.
  r = run("--size full-hd --out '" + path("hd.svg") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(testing::read_file(path("hd.svg")).find("width=\"1920\" height=\"1080\""),
            std::string::npos);
  r = run("--size huge --out '" + path("x.svg") + "'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "roofline-cli: error: --size huge: unknown size: expected one of hd, full-hd, 4k, "
            "default, slide, column, page\n");
  EXPECT_FALSE(std::filesystem::exists(path("x.svg")));
}

TEST_F(CliExport, EveryFormatAndOption) {
  ASSERT_EQ(run("--out '" + path("a.png") +
                "' --width 640 --height 400 --scale 2 --theme dark "
                "--ops --no-trail --title 'Custom' --transparent")
                .exit_code,
            0);
  ASSERT_EQ(run("--phase prefill --seq 2048 --out '" + path("a.pdf") + "' --no-title --no-caption")
                .exit_code,
            0);
  ASSERT_EQ(run("--out '" + path("t.svg") + "' --chart throughput").exit_code, 0);
  ASSERT_EQ(run("--out '" + path("ops.md") + "'").exit_code, 0);
  ASSERT_EQ(run("--out '" + path("ops.csv") + "' --precision fp8").exit_code, 0);
  ASSERT_EQ(
      run("--out '" + path("h.svg") + "' --hide attention,step --no-legend --no-labels").exit_code,
      0);
  EXPECT_NE(testing::read_file(path("t.svg")).find("KV cache full: B = "), std::string::npos);
  EXPECT_TRUE(testing::read_file(path("a.pdf")).starts_with("%PDF-"));
  // The version that made a figure is in it (issue 30): the PDF's Creator, the SVG's metadata.
  const std::string made_by = "roofline " + std::string(version());
  EXPECT_NE(testing::read_file(path("a.pdf")).find("/Creator (" + made_by + ")"),
            std::string::npos);
  EXPECT_NE(testing::read_file(path("t.svg")).find("<metadata>" + made_by + "</metadata>"),
            std::string::npos);
  EXPECT_NE(testing::read_file(path("ops.md")).find("| q_proj "), std::string::npos);
  const std::string hidden = testing::read_file(path("h.svg"));
  EXPECT_EQ(hidden.find("class=\"group:attention\""), std::string::npos);
  EXPECT_NE(hidden.find("class=\"group:fc\""), std::string::npos);
  EXPECT_EQ(hidden.find("class=\"legend\""), std::string::npos);
  EXPECT_EQ(file_count(), 6u);
}

// One operator table: the file `export` writes is what `analyze` prints, in both formats.
TEST_F(CliExport, AnalyzeAndExportWriteTheSameOperatorTable) {
  const std::string workload = " --model mixtral-8x7b --batch 8 --tp 2 --fuse-elementwise on";
  ASSERT_EQ(run("--out '" + path("ops.csv") + "'" + workload).exit_code, 0);
  ASSERT_EQ(run("--out '" + path("ops.md") + "'" + workload).exit_code, 0);
  const CliRun csv = run("--format csv" + workload, "analyze");
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_EQ(csv.out, testing::read_file(path("ops.csv")));
  const CliRun md = run("--format markdown" + workload, "analyze");
  ASSERT_EQ(md.exit_code, 0) << md.err;
  const std::string table = testing::read_file(path("ops.md"));
  EXPECT_TRUE(table.starts_with("| op ")) << table;
  EXPECT_NE(md.out.find("\n" + table), std::string::npos) << md.out << "\n" << table;
  EXPECT_EQ(file_count(), 2u);
}

TEST_F(CliExport, TwoRunsGiveIdenticalFiles) {
  for (const char* name : {"a.svg", "b.svg", "a.png", "b.png", "a.pdf", "b.pdf"})
    ASSERT_EQ(run("--ops --out '" + path(name) + "'").exit_code, 0) << name;
  EXPECT_EQ(testing::read_file(path("a.svg")), testing::read_file(path("b.svg")));
  EXPECT_EQ(testing::read_file(path("a.png")), testing::read_file(path("b.png")));
  EXPECT_EQ(testing::read_file(path("a.pdf")), testing::read_file(path("b.pdf")));
}

TEST_F(CliExport, BadInputFailsWithOneMessageAndNoFile) {
  const struct {
    std::string args;
    std::string message;
  } cases[] = {
      {"--out '" + path("fig.bmp") + "'", "unknown file type"},
      {"--out '" + path("fig.svg") + "' --width 0", "between 16 and 16384"},
      {"--out '" + path("fig.png") + "' --height 100000", "between 16 and 16384"},
      {"--out '" + path("fig.png") + "' --width 4000 --height 4000 --scale 4", "too large"},
      {"--out '" + path("missing/fig.svg") + "'", "cannot write"},
      {"--out /proc/roofline-fig.pdf", "cannot write"},
      {"--out '" + path("fig.svg") + "' --gpu no-such-gpu", "unknown GPU 'no-such-gpu'"},
  };
  for (const auto& c : cases) {
    const CliRun r = run(c.args);
    EXPECT_EQ(r.exit_code, 1) << c.args << "\n" << r.err;
    EXPECT_TRUE(r.err.starts_with("roofline-cli: error: ")) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.out, "");
  }
  EXPECT_EQ(file_count(), 0u);
  // Usage errors (CLI11) exit 2.
  EXPECT_EQ(run("--out '" + path("fig.svg") + "' --theme purple").exit_code, 2);
  EXPECT_EQ(run("").exit_code, 2);  // --out is required
  EXPECT_EQ(file_count(), 0u);
}

}  // namespace
}  // namespace roofline
