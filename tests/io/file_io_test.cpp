#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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
  const std::string big = (dir_ / "big.json").string();
  std::ofstream(big).put('{');
  fs::resize_file(big, (size_t{8} << 20) + 1);  // sparse: 8 MiB and a byte
  auto r = read_text_file(big);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(),
            big + ": file is larger than 8 MiB; roofline's input files are JSON of a few kB");
}

// Only regular files are read: a FIFO (which blocked for ever waiting for a writer), a terminal
// or a device is refused at once by what it is. Every reader opens files this way: presets and
// user files by path, the paths inside scenario, lesson and measurement files, profiles.
TEST_F(FileIo, ReadRefusesWhatIsNotARegularFile) {
  const std::string fifo = (dir_ / "gpu.json").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(read_text_file(fifo).error(), fifo + ": cannot read (a FIFO, not a regular file)");
  EXPECT_EQ(read_text_file("/dev/zero").error(),
            "/dev/zero: cannot read (a character device, not a regular file)");
  EXPECT_EQ(read_text_file("/dev/null").error(),
            "/dev/null: cannot read (a character device, not a regular file)");
  Result<int> fd = open_regular_file(fifo);
  EXPECT_FALSE(fd);
  // A regular file opens, blocking as usual once open.
  const std::string plain = (dir_ / "plain.json").string();
  std::ofstream(plain) << "{}";
  Result<int> ok = open_regular_file(plain);
  ASSERT_TRUE(ok) << ok.error();
  EXPECT_EQ(::fcntl(ok.value(), F_GETFL) & O_NONBLOCK, 0);
  ::close(ok.value());
}

TEST_F(FileIo, ReadErrorsNameThePath) {
  std::string missing = (dir_ / "missing.json").string();
  EXPECT_EQ(read_text_file(missing).error(), missing + ": cannot read (No such file or directory)");
  EXPECT_EQ(read_text_file(dir_.string()).error(),
            dir_.string() + ": cannot read (is a directory)");
}

}  // namespace
}  // namespace roofline
