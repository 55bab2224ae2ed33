#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "roofline/io/json_io.h"
#include "roofline/io/json_reader.h"

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
// A settings.json or an export that is a symbolic link (kept with the dotfiles) stays a link
// and the file it names is updated (it became a plain file, the linked one silently stale); a
// file of mode 0600 stays 0600 (it became 0644).
TEST_F(FileIo, AtomicWriteFollowsLinksAndKeepsTheMode) {
  fs::create_directories(dir_ / "dotfiles");
  const fs::path real = dir_ / "dotfiles" / "settings.json";
  std::ofstream(real) << "old";
  const fs::path link = dir_ / "settings.json";
  fs::create_symlink("dotfiles/settings.json", link);
  ASSERT_EQ(write_text_file_atomic(link.string(), "new"), "");
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(read_text_file(real.string()).value(), "new");
  const fs::path secret = dir_ / "private.csv";
  std::ofstream(secret) << "x";
  // 0640: neither what umask 022 nor umask 077 would give a new file, so the test fails
  // whatever the umask if the mode is not kept.
  const fs::perms kept = fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read;
  fs::permissions(secret, kept);
  ASSERT_EQ(write_text_file_atomic(secret.string(), "y"), "");
  EXPECT_EQ(fs::status(secret).permissions() & fs::perms::all, kept);
  EXPECT_EQ(read_text_file(secret.string()).value(), "y");
}

// What JSON may hold (RFC 3629): a path with any of these is left out of settings.json.
TEST_F(FileIo, Utf8IsCheckedToTheLetter) {
  EXPECT_TRUE(is_utf8("café · 64× \xF0\x9F\x98\x80"));
  EXPECT_TRUE(is_utf8(""));
  for (const char* bad : {"\xFF", "\xC0\x80", "\xE0\x80\x80", "\xED\xA0\x80", "\xF4\x90\x80\x80",
                          "\xC3", "\xE2\x82", "\x80", "caf\xE9"}) {
    EXPECT_FALSE(is_utf8(bad)) << bad;
  }
}

// A config.json saved as UTF-16 says so (it was "invalid literal; last read: '<0xFF>'", writing
// a byte that is not UTF-8 to the terminal).
TEST_F(FileIo, Utf16FilesAreNamedAsSuch) {
  const std::string text = std::string("\xFF\xFE{\0\"\0", 6);
  EXPECT_EQ(parse_gpu(text, "gpu.json").error(),
            "gpu.json: the file is UTF-16 text; roofline reads JSON in UTF-8 (save it as UTF-8)");
}

// An empty file was "invalid JSON at line 1, column 1: syntax error ... unexpected end of
// input" (issue 28): it says it is empty, for every kind of file read through parse_object.
TEST_F(FileIo, EmptyFilesAreNamedAsSuch) {
  EXPECT_EQ(parse_gpu("", "gpu.json").error(),
            "gpu.json: the file is empty (0 bytes): expected a JSON object");
  EXPECT_EQ(parse_calibration(" \n\t\r\n", "cal.json").error(),
            "cal.json: the file is empty (only white space): expected a JSON object");
  EXPECT_EQ(parse_model("", "config.json", "m").error(),
            "config.json: the file is empty (0 bytes): expected a JSON object");
  EXPECT_EQ(parse_gpu("\xEF\xBB\xBF\n", "gpu.json").error(),
            "gpu.json: the file is empty (only white space): expected a JSON object");
  // Anything else still reads as JSON: a lone value is not mistaken for empty.
  EXPECT_EQ(parse_gpu(" 1 ", "gpu.json").error(),
            "gpu.json: expected a JSON object at the top level, got 1");
}

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
