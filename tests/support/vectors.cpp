#include "support/vectors.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "axiom/bytes.hpp"

namespace axiom::test {

namespace {
std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return {};
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}
}  // namespace

Bytes hex(const std::string& text) {
  auto r = from_hex(text);
  EXPECT_TRUE(r.ok()) << "bad hex: " << text.substr(0, 80);
  return r.ok() ? *r : Bytes{};
}

Bytes VectorCase::bytes(const std::string& name) const {
  auto it = fields.find(name);
  EXPECT_NE(it, fields.end()) << "missing field " << name << " at " << where();
  return it == fields.end() ? Bytes{} : hex(it->second);
}

const std::string& VectorCase::text(const std::string& name) const {
  static const std::string empty;
  auto it = fields.find(name);
  EXPECT_NE(it, fields.end()) << "missing field " << name << " at " << where();
  return it == fields.end() ? empty : it->second;
}

long long VectorCase::number(const std::string& name, long long fallback) const {
  auto it = fields.find(name);
  return it == fields.end() ? fallback : std::stoll(it->second);
}

std::string VectorCase::where() const { return file + ":" + std::to_string(line) + " " + comment; }

std::vector<VectorCase> load_vectors(const std::string& relative) {
  const std::string path = std::string(AXIOM_TEST_DATA) + "/" + relative;
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::vector<VectorCase> cases;
  VectorCase current;
  std::string comment, line;
  int number = 0;
  auto flush = [&] {
    if (!current.fields.empty()) {
      current.file = relative;
      cases.push_back(current);
    }
    current = VectorCase{};
    comment.clear();
  };
  while (std::getline(in, line)) {
    ++number;
    const std::string t = trim(line);
    if (t.empty()) {
      flush();
    } else if (t[0] == '#') {
      comment = t;
    } else {
      const auto eq = t.find('=');
      EXPECT_NE(eq, std::string::npos) << path << ":" << number;
      if (eq == std::string::npos) continue;
      if (current.fields.empty()) {
        current.line = number;
        current.comment = comment;
      }
      current.fields[trim(t.substr(0, eq))] = trim(t.substr(eq + 1));
    }
  }
  flush();
  EXPECT_FALSE(cases.empty()) << "no cases in " << path;
  return cases;
}

}  // namespace axiom::test
