#include "sim/scenario/loader.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <pugixml.hpp>

#include "base/files.hpp"
#include "sim/scenario/schema.hpp"
#include "sim/scenario/sweep.hpp"
#include "sim/scenario/validate.hpp"
#include "sim/scenario/values.hpp"

namespace arsim::scenario {

namespace {

bool is_name(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
  });
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

std::string valid_list(const std::vector<std::string>& v) {
  return v.empty() ? "none" : fmt::format("{}", fmt::join(v, ", "));
}

// An element written as several <user name=...> keyed by name (schema pattern "user.*.x").
bool is_repeatable(const Schema& schema, const std::string& element) {
  const std::string prefix = element + ".*.";
  return std::any_of(schema.keys().begin(), schema.keys().end(),
                     [&](const auto& s) { return s.name.compare(0, prefix.size(), prefix) == 0; });
}

// Reads one document. pugixml parses in place, so attribute values point into buffer_ and their
// offsets, mapped through the newlines of the original text, give exact line numbers.
class Reader {
 public:
  Reader(std::string file, const std::string& text, const SchemaSet& schemas)
      : file_(std::move(file)),
        original_(text),
        buffer_(text.begin(), text.end()),
        schemas_(schemas) {
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n') newlines_.push_back(i);
  }

  Settings read() {
    auto result = doc_.load_buffer_inplace(buffer_.data(), buffer_.size(), pugi::parse_default,
                                           pugi::encoding_utf8);
    if (!result)
      throw InputError(
          fmt::format("{}:{}: malformed XML: {}", file_,
                      line_at(static_cast<size_t>(std::max<ptrdiff_t>(result.offset, 0))),
                      result.description()));
    pugi::xml_node root;
    for (auto node : doc_.children()) {
      if (node.type() == pugi::node_pcdata || node.type() == pugi::node_cdata)
        fail(node, "unexpected text outside <scenario>");
      if (node.type() != pugi::node_element) continue;
      if (root) fail(node, fmt::format("unexpected second root element <{}>", node.name()));
      root = node;
    }
    if (!root) throw InputError(file_ + ":1: no <scenario> element");
    if (std::string(root.name()) != "scenario")
      fail(root, fmt::format("unknown element <{}>; valid: scenario", root.name()));
    read_root(root);
    complete(s_);
    check_sweep_points(s_);
    return std::move(s_);
  }

 private:
  // 1 + the number of newlines before `offset`.
  int line_at(size_t offset) const {
    return static_cast<int>(std::lower_bound(newlines_.begin(), newlines_.end(), offset) -
                            newlines_.begin()) +
           1;
  }
  int line_of(pugi::xml_node n) const {
    if (n.type() == pugi::node_pcdata || n.type() == pugi::node_cdata) return text_line(n);
    const ptrdiff_t off = n.offset_debug();
    return off < 0 ? 0 : line_at(static_cast<size_t>(off));
  }
  int line_of(pugi::xml_node n, pugi::xml_attribute a) const {
    const char* v = a.value();
    if (v >= buffer_.data() && v < buffer_.data() + buffer_.size())
      return line_at(static_cast<size_t>(v - buffer_.data()));
    return line_of(n);
  }
  // The line of the first visible character of a text node (its value starts after the '>' that
  // ends the previous line).
  int text_line(pugi::xml_node n) const {
    const char* v = n.value();
    if (v < buffer_.data() || v >= buffer_.data() + buffer_.size()) return 0;
    size_t off = static_cast<size_t>(v - buffer_.data());
    while (off < original_.size() && std::isspace(static_cast<unsigned char>(original_[off])))
      ++off;
    return line_at(off);
  }
  Location loc(pugi::xml_node n, const std::string& element, pugi::xml_attribute a = {}) const {
    return Location{file_, a ? line_of(n, a) : line_of(n), element, a ? a.name() : ""};
  }
  [[noreturn]] void fail(pugi::xml_node n, const std::string& message) const {
    throw InputError(fmt::format("{}:{}: {}", file_, line_of(n), message));
  }
  [[noreturn]] void fail(pugi::xml_node n, pugi::xml_attribute a,
                         const std::string& message) const {
    throw InputError(fmt::format("{}:{}: {}", file_, line_of(n, a), message));
  }

  // Unknown or repeated attributes, text, and child elements other than `children`.
  void check_shape(pugi::xml_node n, const std::string& element,
                   const std::vector<std::string>& attributes,
                   const std::vector<std::string>& children = {}) const {
    std::vector<std::string> seen;
    const auto old_names =
        element == "param" ? std::vector<std::string>{} : schema().old_attributes_of(element);
    for (auto a : n.attributes()) {
      if (!contains(attributes, a.name()) && !contains(old_names, a.name()))
        fail(n, a,
             fmt::format("unknown attribute '{}' on <{}>; valid: {}", a.name(), element,
                         valid_list(attributes)));
      if (contains(seen, a.name()))
        fail(n, a, fmt::format("duplicate attribute '{}' on <{}>", a.name(), element));
      seen.push_back(a.name());
    }
    if (element == "scenario") return;  // the root's children are checked by read_root
    for (auto c : n.children()) {
      if (c.type() == pugi::node_pcdata || c.type() == pugi::node_cdata)
        fail(c, fmt::format("unexpected text inside <{}>", element));
      if (c.type() == pugi::node_element && !contains(children, c.name()))
        fail(c, fmt::format("unknown element <{}> inside <{}>; valid: {}", c.name(), element,
                            valid_list(children)));
    }
  }

  pugi::xml_attribute required(pugi::xml_node n, const std::string& element,
                               const char* name) const {
    auto a = n.attribute(name);
    if (!a) fail(n, fmt::format("missing required attribute '{}' on <{}>", name, element));
    return a;
  }

  // An attribute that maps to key `prefix.attribute`, or to the key it is an old spelling of.
  void read_attribute(pugi::xml_node n, const std::string& element, const std::string& prefix,
                      pugi::xml_attribute a) {
    std::string key = prefix + "." + a.name();
    const Location where = loc(n, element, a);
    if (!schema().find(key)) {
      const auto now_key = schema().renamed(key);
      if (!now_key) fail(n, a, fmt::format("unknown attribute '{}' on <{}>", a.name(), element));
      key = *now_key;
      const std::string now = key.substr(key.rfind('.') + 1);
      if (s_.has(key))
        fail(n, a,
             fmt::format("<{}> sets '{}' twice: attribute '{}' is an old spelling of it", element,
                         now, a.name()));
      s_.add_note(fmt::format("{}note: <{}> attribute '{}' is read as '{}' (its old spelling)",
                              location_prefix(where), element, a.name(), now));
    } else if (s_.has(key)) {  // an old spelling of this attribute came first
      fail(n, a,
           fmt::format("<{}> sets '{}' twice: attribute '{}' is an old spelling of it", element,
                       a.name(), old_spelling_of(n, prefix, key)));
    }
    s_.set(key, check_value(*schema().find(key), a.value(), where), where);
  }

  // The attribute of `n` that is an old spelling of `key`.
  std::string old_spelling_of(pugi::xml_node n, const std::string& prefix,
                              const std::string& key) const {
    for (auto a : n.attributes())
      if (schema().renamed(prefix + "." + a.name()) == key) return a.name();
    return "";
  }

  // First occurrence of a singleton element; a second one is an error.
  void once(pugi::xml_node n) {
    auto [it, fresh] = first_line_.emplace(n.name(), line_of(n));
    if (!fresh)
      fail(n, fmt::format("duplicate element <{}> (first at line {})", n.name(), it->second));
  }

  const Schema& schema() const { return s_.schema(); }

  // " (<x> is an element of kind offline)" when other run kinds know the element, else "".
  std::string other_kinds_with(const std::string& element) const {
    std::vector<std::string> kinds;
    for (const auto& [kind, other] : schemas_.kinds)
      if (contains(other->root_elements(), element)) kinds.push_back(kind);
    if (kinds.empty()) return "";
    return fmt::format(" (<{}> is an element of kind {}; this scenario is of kind {})", element,
                       fmt::join(kinds, ", "), kind_);
  }

  // The run kind decides which keys exist, so it is read first: kind="..." of the root, an old
  // name of a kind, or the default.
  void choose_kind(pugi::xml_node root) {
    std::string kind = schemas_.default_kind;
    auto a = root.attribute("kind");
    const std::string name = a ? trim(a.value()) : kind;
    if (!schemas_.find(name, &kind)) {
      if (!a) throw std::logic_error("SchemaSet: no schema for the default kind");
      throw value_error(loc(root, "scenario", a),
                        fmt::format("one of {}", fmt::join(schemas_.names(), ", ")), a.value());
    }
    s_.set_schema(schemas_.kinds.at(kind));
    kind_ = kind;
    if (a) a.set_value(kind.c_str());  // an old name reads as the kind it stands for
  }

  void read_root(pugi::xml_node root) {
    s_.set_source(file_);
    s_.set_section("scenario", loc(root, "scenario"));
    choose_kind(root);
    check_shape(root, "scenario", schema().attributes_of("scenario"));
    for (auto a : root.attributes()) read_attribute(root, "scenario", "scenario", a);
    const auto elements = schema().root_elements();
    pugi::xml_node sweep;
    for (auto c : root.children()) {
      if (c.type() == pugi::node_pcdata || c.type() == pugi::node_cdata)
        fail(c, "unexpected text inside <scenario>");
      if (c.type() != pugi::node_element) continue;
      const std::string name = c.name();
      if (!contains(elements, name))
        fail(c, fmt::format("unknown element <{}>; valid: {}{}", name, valid_list(elements),
                            other_kinds_with(name)));
      if (is_repeatable(schema(), name)) {
        read_named(c, name);
        continue;
      }
      once(c);
      if (name == "description")
        read_description(c);
      else if (name == "sweep")
        sweep = c;  // after the users, which its keys may name
      else
        read_section(c, name);
    }
    if (sweep) read_sweep(sweep);
  }

  // Free text: the one element whose content is text, so check_shape does not apply.
  void read_description(pugi::xml_node n) {
    if (auto a = n.first_attribute())
      fail(n, a, fmt::format("unknown attribute '{}' on <description>; valid: none", a.name()));
    std::string text;
    for (auto c : n.children()) {
      if (c.type() == pugi::node_element)
        fail(c, fmt::format("unknown element <{}> inside <description>; valid: none", c.name()));
      text += c.value();
    }
    s_.set_description(trim(text));
  }

  void read_section(pugi::xml_node n, const std::string& element) {
    const std::string param_prefix = schema().param_prefix_of(element);
    const bool has_params = !param_prefix.empty();
    check_shape(n, element, schema().attributes_of(element),
                has_params ? std::vector<std::string>{"param"} : std::vector<std::string>{});
    s_.set_section(element, loc(n, element));
    for (auto a : n.attributes()) read_attribute(n, element, element, a);
    std::map<std::string, int> seen;
    if (has_params)
      for (auto p : n.children("param")) read_param(p, param_prefix, seen);
  }

  // <name ...="..."/> of a name, checked to fit in a flat key.
  std::string read_name(pugi::xml_node n, const std::string& element,
                        std::map<std::string, int>& seen) {
    auto a = required(n, element, "name");
    const std::string name = a.value();
    if (!is_name(name))
      throw value_error(loc(n, element, a), "a name of letters, digits, '_' or '-'", name);
    auto [it, fresh] = seen.emplace(name, line_of(n));
    if (!fresh)
      fail(n,
           fmt::format("duplicate <{} name=\"{}\"> (first at line {})", element, name, it->second));
    return name;
  }

  void read_param(pugi::xml_node n, const std::string& prefix, std::map<std::string, int>& seen) {
    check_shape(n, "param", {"name", "value"});
    const std::string name = read_name(n, "param", seen);
    auto value = required(n, "param", "value");
    const std::string key = prefix + name;
    const Location where = loc(n, fmt::format("param name=\"{}\"", name), value);
    s_.set(key, check_value(*schema().find(key), value.value(), where), where);
  }

  // <element name="N" ...>; when the schema gives the element a <param> group
  // ("coordinator.*.param."), its <param>s become keys of that prefix with '*' replaced by N.
  void read_named(pugi::xml_node n, const std::string& element) {
    std::string param_prefix = schema().param_prefix_of(element);
    check_shape(
        n, element, schema().attributes_of(element),
        param_prefix.empty() ? std::vector<std::string>{} : std::vector<std::string>{"param"});
    const std::string name = read_name(n, element, named_[element]);
    if (element == "user") s_.add_user(name);
    if (element == "coordinator") s_.add_coordinator(name);
    const std::string prefix = element + "." + name;
    s_.set_section(prefix, loc(n, element));
    for (auto a : n.attributes())
      if (std::string(a.name()) != "name") read_attribute(n, element, prefix, a);
    if (param_prefix.empty()) return;
    if (const auto star = param_prefix.find('*'); star != std::string::npos)
      param_prefix.replace(star, 1, name);
    std::map<std::string, int> seen;
    for (auto p : n.children("param")) read_param(p, param_prefix, seen);
  }

  // <param name= values=> elements and <variant>s, in file order; all variants form one
  // dimension, placed where the first of them is.
  void read_sweep(pugi::xml_node n) {
    check_shape(n, "sweep", {}, {"param", "variant"});
    std::map<std::string, int> seen;  // swept key -> line
    SweepParam variants{kVariantKey, {}, loc(n, "sweep"), {}};
    std::size_t variant_slot = 0;
    for (auto c : n.children()) {
      if (c.type() != pugi::node_element) continue;
      if (std::string(c.name()) == "variant") {
        if (variants.values.empty()) variant_slot = s_.sweep().size();
        read_variant(c, variants);
        continue;
      }
      const KeyParam p = read_key_param(c, "values", seen, "duplicate sweep of key '{}'");
      s_.sweep().push_back(read_sweep_values(c, p.key, *p.spec, p.value));
    }
    if (variants.values.empty()) return;
    for (const auto& set : variants.sets)
      for (const auto& v : set)
        if (auto it = seen.find(v.key); it != seen.end())
          throw InputError(fmt::format("{}key '{}' is set by a <variant> and swept at line {}",
                                       location_prefix(v.where), v.key, it->second));
    s_.sweep().insert(s_.sweep().begin() + static_cast<std::ptrdiff_t>(variant_slot),
                      std::move(variants));
  }

  struct KeyParam {
    std::string key;
    const KeySpec* spec;
    pugi::xml_attribute value;
  };

  // <param name="KEY" VALUE_ATTR="..."/> inside a sweep: KEY must be a key that may be swept and
  // not yet in `seen` (else `duplicate`, with {} for the key, and the first line).
  KeyParam read_key_param(pugi::xml_node p, const char* value_attr,
                          std::map<std::string, int>& seen, const std::string& duplicate) {
    check_shape(p, "param", {"name", value_attr});
    auto name_attr = required(p, "param", "name");
    auto value = required(p, "param", value_attr);
    const Location where = loc(p, "param", name_attr);
    const std::string key = current_key(s_, trim(name_attr.value()), where);
    if (key.compare(0, 9, "scenario.") == 0)
      throw value_error(where, "a key outside scenario.* (runs and seeds are not swept)", key);
    const KeySpec& spec = known_key(s_, key, where);
    auto [it, fresh] = seen.emplace(key, line_of(p));
    if (!fresh)
      fail(p, fmt::format("{} (first at line {})", fmt::format(fmt::runtime(duplicate), key),
                          it->second));
    return {key, &spec, value};
  }

  // <variant name="N"><param name="KEY" value="V"/>...</variant>: one point of the variant
  // dimension, setting each KEY to V.
  void read_variant(pugi::xml_node n, SweepParam& variants) {
    check_shape(n, "variant", {"name"}, {"param"});
    const std::string name = read_name(n, "variant", named_["variant"]);
    std::vector<VariantSetting> sets;
    std::map<std::string, int> keys;
    for (auto c : n.children("param")) {
      const KeyParam p = read_key_param(
          c, "value", keys, fmt::format("key '{{}}' set twice in <variant name=\"{}\">", name));
      const Location where = loc(c, fmt::format("param name=\"{}\"", p.key), p.value);
      sets.push_back({p.key, check_value(*p.spec, p.value.value(), where), where});
    }
    variants.values.push_back(name);
    variants.sets.push_back(std::move(sets));
  }

  SweepParam read_sweep_values(pugi::xml_node p, const std::string& key, const KeySpec& spec,
                               pugi::xml_attribute values_attr) {
    const Location where = loc(p, fmt::format("param name=\"{}\"", key), values_attr);
    const auto words = split_words(values_attr.value());
    if (words.empty()) throw value_error(where, "one or more values separated by spaces", "");
    SweepParam param{key, {}, where, {}};
    std::vector<std::string> dirs;
    for (const auto& word : words) {
      param.values.push_back(check_value(spec, word, where));
      if (contains(dirs, dir_value(param.values.back())))
        throw InputError(fmt::format("{}{}: value '{}' appears twice", location_prefix(where),
                                     describe(where), printable(word)));
      dirs.push_back(dir_value(param.values.back()));
    }
    return param;
  }

  std::string file_;
  std::string original_;  // the text before in-place parsing changed it
  std::vector<char> buffer_;
  std::vector<size_t> newlines_;
  const SchemaSet& schemas_;
  std::string kind_;  // the run kind, once chosen
  pugi::xml_document doc_;
  Settings s_;
  std::map<std::string, int> first_line_;                    // singleton element -> line
  std::map<std::string, std::map<std::string, int>> named_;  // element -> name -> line
};

}  // namespace

Settings parse_scenario(const std::string& file, const std::string& text,
                        const SchemaSet& schemas) {
  return Reader(file, text, schemas).read();
}

Settings load_scenario(const std::string& path, const SchemaSet& schemas) {
  return parse_scenario(path, base::read_file(path, "scenario file", kMaxScenarioBytes), schemas);
}

}  // namespace arsim::scenario
