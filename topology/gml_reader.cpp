// GML (Himsolt's Graph Modelling Language) as the Internet Topology Zoo writes it: key-value
// pairs whose value is a number, a "string" or a [ list ]; graph [ node [ id .. label ".." ... ]
// edge [ source .. target .. ... ] ]. Keys the reader does not know are skipped with their value.
#include <map>

#include <fmt/format.h>

#include "base/input_error.hpp"
#include "topology/readers.hpp"

namespace arsim::topology {

namespace {

struct Token {
  enum Kind { End, Word, String, Open, Close } kind = End;
  std::string text;
  int line = 0;
};

class Lexer {
 public:
  Lexer(const std::string& text, const std::string& source) : text_(text), source_(source) {}

  Token next() {
    skip_space();
    Token t;
    t.line = line_;
    if (at_ >= text_.size()) return t;
    const char c = text_[at_];
    if (c == '[' || c == ']') {
      ++at_;
      t.kind = c == '[' ? Token::Open : Token::Close;
      t.text = c;
      return t;
    }
    if (c == '"') {
      const std::size_t end = text_.find('"', at_ + 1);
      if (end == std::string::npos)
        fail_at(source_, line_, "", "expected a closing '\"' of the string");
      t.kind = Token::String;
      t.text = text_.substr(at_ + 1, end - at_ - 1);
      for (const char s : t.text) line_ += s == '\n';
      at_ = end + 1;
      return t;
    }
    const std::size_t start = at_;
    while (at_ < text_.size() && !is_space(text_[at_]) && text_[at_] != '[' && text_[at_] != ']' &&
           text_[at_] != '"')
      ++at_;
    t.kind = Token::Word;
    t.text = text_.substr(start, at_ - start);
    return t;
  }

 private:
  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  void skip_space() {
    while (at_ < text_.size()) {
      if (text_[at_] == '#') {  // a comment to the end of the line
        while (at_ < text_.size() && text_[at_] != '\n') ++at_;
      } else if (is_space(text_[at_])) {
        line_ += text_[at_] == '\n';
        ++at_;
      } else {
        return;
      }
    }
  }
  const std::string& text_;
  const std::string& source_;
  std::size_t at_ = 0;
  int line_ = 1;
};

struct Parser {
  Lexer lex;
  const std::string& source;

  [[noreturn]] void fail(const Token& t, const std::string& expected) const {
    const std::string got = t.kind == Token::End ? "the end of the file" : "'" + t.text + "'";
    fail_at(source, t.line, "", fmt::format("expected {}, got {}", expected, got));
  }

  // The value after a key: a word or string (returned), or a list, skipped whole without recursion.
  Token value() {
    Token v = lex.next();
    if (v.kind == Token::Word || v.kind == Token::String) return v;
    if (v.kind != Token::Open) fail(v, "a value (number, \"string\" or [ list ])");
    for (int depth = 1; depth > 0;) {
      const Token t = lex.next();
      if (t.kind == Token::End)
        fail(t, "']' closing the list opened on line " + std::to_string(v.line));
      depth += t.kind == Token::Open ? 1 : t.kind == Token::Close ? -1 : 0;
    }
    return v;
  }

  // The key-value pairs of a list up to its ']': f(key token, value token) for simple values;
  // a key of a list value is passed with the Open token after the list was read by f itself when
  // `lists` names it.
  template <class F>
  void pairs(F&& f, const std::map<std::string, bool>& lists = {}) {
    for (;;) {
      const Token key = lex.next();
      if (key.kind == Token::Close) return;
      if (key.kind != Token::Word) fail(key, "a key or ']'");
      if (lists.count(key.text)) {
        const Token open = lex.next();
        if (open.kind != Token::Open) fail(open, "'[' opening the " + key.text);
        f(key, open);
        continue;
      }
      f(key, value());
    }
  }
};

// The graph [ ... ] list: its nodes, and its edges, whose ends are resolved once every node is
// known (GML does not require nodes first).
struct GraphReader {
  Parser& p;
  const std::string& source;
  Network net;
  std::map<std::string, int> index;
  std::vector<std::pair<std::pair<std::string, std::string>, Link>> edges;

  void node(const Token& k) {
    Node n;
    n.line = k.line;
    p.pairs([&](const Token& a, const Token& b) {
      if (a.text == "id")
        n.id = b.text;
      else if (b.kind != Token::Open)
        set_zoo_attribute(n, a.text, b.text, source, a.line);
    });
    if (n.id.empty()) fail_at(source, k.line, "", "node: expected an id");
    if (!index.emplace(n.id, static_cast<int>(net.nodes.size())).second)
      fail_at(source, k.line, "id",
              fmt::format("expected a new node id, '{}' is used twice", n.id));
    net.nodes.push_back(std::move(n));
  }

  void edge(const Token& k) {
    Link l;
    l.line = k.line;
    std::string from, to;
    LinkSpeed speed;
    p.pairs([&](const Token& a, const Token& b) {
      if (a.text == "source") from = b.text;
      if (a.text == "target") to = b.text;
      if (a.text == "LinkSpeedRaw") speed.raw = b.text;
      if (a.text == "LinkSpeed") speed.speed = b.text;
      if (a.text == "LinkSpeedUnits") speed.units = b.text;
    });
    l.gbps = link_speed_gbps(speed, source, l.line);
    edges.push_back({{from, to}, l});
  }

  void resolve_edges() {
    for (auto& [ends, l] : edges) {
      const auto a = index.find(ends.first), b = index.find(ends.second);
      if (a == index.end() || b == index.end())
        fail_at(source, l.line, a == index.end() ? "source" : "target",
                fmt::format("expected the id of a node, got '{}'",
                            a == index.end() ? ends.first : ends.second));
      l.a = a->second, l.b = b->second;
      net.links.push_back(l);
    }
  }
};

}  // namespace

Network parse_gml(const std::string& text, const std::string& source) {
  Parser p{Lexer(text, source), source};
  GraphReader g{p, source, {}, {}, {}};
  g.net.source = source;
  bool graph = false;
  for (Token key = p.lex.next(); key.kind != Token::End; key = p.lex.next()) {
    if (key.kind != Token::Word) p.fail(key, "a key such as graph");
    if (key.text != "graph" || graph) {
      p.value();
      continue;
    }
    const Token open = p.lex.next();
    if (open.kind != Token::Open) p.fail(open, "'[' opening the graph");
    graph = true;
    p.pairs(
        [&](const Token& k, const Token& v) {
          if (k.text == "Network" && v.kind != Token::Open) g.net.network = v.text;
          if (k.text == "node") g.node(k);
          if (k.text == "edge") g.edge(k);
        },
        {{"node", true}, {"edge", true}});
  }
  if (!graph) throw InputError(source + ": expected a 'graph [ ... ]'");
  g.resolve_edges();
  return std::move(g.net);
}

}  // namespace arsim::topology
