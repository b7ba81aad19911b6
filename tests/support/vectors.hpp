// Reader for the test-vector text format (tests/data/FORMAT.md).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace axiom::test {

using Bytes = std::vector<std::uint8_t>;

// One case: its fields, and the comment lines before it (for failure messages).
struct VectorCase {
  std::map<std::string, std::string> fields;
  std::string comment;
  int line = 0;

  bool has(const std::string& name) const { return fields.count(name) != 0; }
  Bytes bytes(const std::string& name) const;  // hex-decodes; fails the test if missing
  const std::string& text(const std::string& name) const;
  long long number(const std::string& name, long long fallback = 0) const;
  std::string where() const;  // "file:line (comment)"
  std::string file;
};

// load_vectors reads tests/data/<relative> and returns its cases.
// A missing or empty file fails the calling test.
std::vector<VectorCase> load_vectors(const std::string& relative);

Bytes hex(const std::string& text);

}  // namespace axiom::test
