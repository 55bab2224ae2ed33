#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "roofline/io/json_io.h"

namespace roofline {
namespace {

namespace fs = std::filesystem;

class FileIo : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("roofline_file_io_" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::vector<std::string> names() const {
    std::vector<std::string> n;
    for (const auto& e : fs::directory_iterator(dir_)) n.push_back(e.path().filename().string());
    std::sort(n.begin(), n.end());
    return n;
  }
  fs::path dir_;
};

TEST_F(FileIo, AtomicWriteCreatesAndReplacesLeavingNoTemporary) {
  std::string path = (dir_ / "out.json").string();
  EXPECT_EQ(write_text_file_atomic(path, "first"), "");
  EXPECT_EQ(read_text_file(path).value(), "first");
  EXPECT_EQ(write_text_file_atomic(path, "second, longer"), "");
  EXPECT_EQ(read_text_file(path).value(), "second, longer");
  EXPECT_EQ(names(), std::vector<std::string>{"out.json"});
}

TEST_F(FileIo, AtomicWriteFailureNamesThePathAndKeepsTheOldFile) {
  std::string missing_dir = (dir_ / "no" / "such" / "out.json").string();
  EXPECT_EQ(write_text_file_atomic(missing_dir, "x"),
            missing_dir + ": cannot write (No such file or directory)");
  // A directory in the way of the rename: the write fails, nothing is left behind.
  fs::create_directories(dir_ / "taken" / "child");
  std::string taken = (dir_ / "taken").string();
  EXPECT_NE(write_text_file_atomic(taken, "x"), "");
  EXPECT_EQ(names(), std::vector<std::string>{"taken"});
}

// A kill -9 mid-write leaves ".out.json.tmp-XXXXXX"; the next write of out.json removes such
// leftovers once they are old enough not to be another writer's, and leaves a fresh one be.
TEST_F(FileIo, AtomicWriteRemovesStaleTemporaries) {
  const fs::path stale = dir_ / ".out.json.tmp-AbC123";
  const fs::path fresh = dir_ / ".out.json.tmp-XyZ789";
  const fs::path other = dir_ / ".other.json.tmp-AbC123";
  for (const fs::path& p : {stale, fresh, other}) std::ofstream(p) << "half";
  const auto hour_ago = fs::file_time_type::clock::now() - std::chrono::hours(1);
  fs::last_write_time(stale, hour_ago);
  fs::last_write_time(other, hour_ago);
  EXPECT_EQ(write_text_file_atomic((dir_ / "out.json").string(), "whole"), "");
  EXPECT_EQ(names(), (std::vector<std::string>{".other.json.tmp-AbC123", ".out.json.tmp-XyZ789",
                                               "out.json"}));
}

// Input is bounded: an endless device fails at the limit instead of growing without end.
TEST_F(FileIo, ReadRefusesFilesOverTheLimit) {
  auto r = read_text_file("/dev/zero");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(),
            "/dev/zero: file is larger than 8 MiB; roofline's input files are JSON of "
            "a few kB");
}

TEST_F(FileIo, ReadErrorsNameThePath) {
  std::string missing = (dir_ / "missing.json").string();
  EXPECT_EQ(read_text_file(missing).error(), missing + ": cannot read (No such file or directory)");
  EXPECT_EQ(read_text_file(dir_.string()).error(),
            dir_.string() + ": cannot read (is a directory)");
}

}  // namespace
}  // namespace roofline
