// The operator table as a file: CSV for machines, Markdown for people (one table definition,
// roofline/operator_table.h, shared with roofline-cli analyze).

#include "roofline/operator_table.h"
#include "roofline/export/export.h"

namespace roofline {

std::string operator_table(const Analysis& a, TableFormat format) {
  return format == TableFormat::csv ? operator_table_csv(a) : operator_table_markdown(a);
}

}  // namespace roofline
