#pragma once
// The operator table: one row per operator in execution order (by layer type; the last column
// names it), then the four groups ("total fc", "total attention", "total elementwise",
// "total step"), then, for a model with several attention types, one total per type
// ("total attention · sliding 128"). Every writer of it (the
// CLI's table, CSV and Markdown, the export dialog and `roofline-cli export`) takes its columns,
// headers and units from here, so the files agree.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/analysis.h"

namespace roofline {

struct TableColumn {
  std::string_view key;     // CSV header, values in SI base units: "time_s"
  std::string_view header;  // header for people, values with units: "time"
  bool numeric = false;     // right-aligned for people
  bool people = true;       // in the text table too (false: CSV and TSV only)
};

std::span<const TableColumn> operator_table_columns();

// The cells of every row (no header): `raw` gives the CSV values (shortest exact numbers,
// "inf" for an op that moves no bytes) of every column; otherwise the text of units.h
// ("1.07 GB", "4.48 ms") of the columns for people.
std::vector<std::vector<std::string>> operator_table_rows(const Analysis& a, bool raw);

// The header for people, then operator_table_rows(a, false); `numeric` says which columns are
// numbers (right-aligned).
std::vector<std::vector<std::string>> operator_table_for_people(const Analysis& a,
                                                                std::vector<bool>& numeric);

// One CSV field (RFC 4180): quoted, with its quotes doubled, when it holds a comma, a quote or a
// line break ("MoE 32 experts, top 4"); as it is otherwise.
std::string csv_field(const std::string& field);

// Header of keys, then the raw rows, comma-separated.
std::string operator_table_csv(const Analysis& a);

// Header of keys, then the raw rows, tab-separated (what Ctrl+C on the app's table copies: a
// spreadsheet takes it as columns of numbers in SI units). Tabs and line breaks inside a cell
// become spaces.
std::string operator_table_tsv(const Analysis& a);
// Header of people's headers, then the text rows, as a GitHub Markdown table.
std::string operator_table_markdown(const Analysis& a);

// `rows` (the first is the header) as a Markdown table with columns padded to their widest
// cell (UTF-8 aware) and `numeric[i]` columns right-aligned.
std::string markdown_table(const std::vector<std::vector<std::string>>& rows,
                           const std::vector<bool>& numeric);

}  // namespace roofline
