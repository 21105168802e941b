#include "sim/cli/classad_command.hpp"

#include <cmath>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "base/input_error.hpp"
#include "classad/eval.hpp"
#include "classad/lexer.hpp"
#include "classad/match.hpp"
#include "classad/parser.hpp"
#include "classad/print.hpp"

namespace arsim::cli {

namespace {

classad::ClassAd one_ad(const std::string& path) {
  auto ads = classad::read_ads_file(path);
  if (ads.size() != 1) {
    const classad::Pos p = ads[1].pos();
    throw classad::ParseError(path, p.line, p.col,
                              fmt::format("expected one ad in the file, got {}", ads.size()));
  }
  return ads[0];
}

std::optional<double> clock_of(const std::string& text) {
  if (text.empty()) return std::nullopt;
  double seconds = 0;
  bool fractional = false;
  if (classad::parse_time(text, seconds, fractional)) return seconds;
  try {
    std::size_t used = 0;
    seconds = std::stod(text, &used);
    if (used == text.size() && std::isfinite(seconds)) return seconds;
  } catch (const std::exception&) {
  }
  throw InputError(
      fmt::format("--time: expected seconds or a time such as 10:00 or "
                  "2000-02-28T14:22:22Z, got '{}'",
                  text));
}

int eval(const std::vector<std::string>& exprs, const std::string& ad_file,
         const std::string& other_file, std::optional<double> clock, std::ostream& out) {
  std::optional<classad::ClassAd> ad, other;
  if (!ad_file.empty()) ad = one_ad(ad_file);
  if (!other_file.empty()) other = one_ad(other_file);
  if (other && !ad) throw InputError("--other needs --ad: `other` is the partner of that ad");
  classad::Binding mine, theirs;
  std::vector<classad::RecordRef> unbound(ad ? ad->port_count() : 0);
  mine.ports = unbound.data();
  mine.port_count = static_cast<int>(unbound.size());
  if (other) {
    mine.other = {&other->record(), &theirs};
    theirs.other = {&ad->record(), &mine};
  }
  std::vector<classad::Expression> parsed;
  for (std::size_t i = 0; i < exprs.size(); ++i)
    parsed.push_back(classad::parse_expression(exprs[i], fmt::format("argument {}", i + 1),
                                               ad ? &*ad : nullptr));
  for (const auto& e : parsed)
    out << classad::to_string(classad::evaluate(e.root(), &mine, clock)) << '\n';
  return 0;
}

void report_side(std::ostream& out, const classad::ClassAd& ad, const classad::SideVerdict& v,
                 const classad::ClassAd& partner) {
  if (!ad.constraint()) {
    out << fmt::format("  {}: no Constraint: accepts any partner{}\n", ad.where(),
                       ad.port_count() ? " (its ports are for `arsim classad gang`)" : "");
    return;
  }
  if (v.satisfied) {
    out << fmt::format("  {}: Constraint is true with other = {}\n", ad.where(), partner.where());
    return;
  }
  const classad::Expr* at = v.failing ? v.failing : ad.constraint();
  const classad::Pos pos = classad::start_of(*at);
  out << fmt::format("  {}:{}:{}: Constraint of {} is {} with other = {}: {} is {}\n", ad.file(),
                     pos.line, pos.col, ad.where(), classad::to_string(v.value), partner.where(),
                     classad::unparse(*at),
                     classad::to_string(v.failing ? v.failing_value : v.value));
}

int match(const std::vector<std::string>& files, std::optional<double> clock, std::ostream& out) {
  const classad::ClassAd a = one_ad(files[0]);
  const classad::ClassAd b = one_ad(files[1]);
  const classad::MatchVerdict m = classad::match_bilateral(a, b, clock);
  out << fmt::format("{}: {} and {}\n", m.matched ? "match" : "no match", a.where(), b.where());
  report_side(out, a, m.a, b);
  report_side(out, b, m.b, a);
  if (m.matched)
    out << fmt::format("  Rank of {}: {}; Rank of {}: {}\n", a.where(),
                       classad::to_string(m.a.rank), b.where(), classad::to_string(m.b.rank));
  return m.matched ? 0 : 1;
}

int gang(const std::vector<std::string>& files, const std::string& matcher,
         const std::vector<std::string>& params, const std::string& roots_text,
         std::optional<double> clock, const schedulers::GangMatcherRegistry& registry,
         std::ostream& out) {
  std::map<std::string, std::string> raw;
  for (const auto& kv : params) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      throw InputError(fmt::format("--param: expected key=value, got '{}'", kv));
    raw[kv.substr(0, eq)] = kv.substr(eq + 1);
  }
  auto m = registry.create(matcher, raw);
  model::gang::GangProblem p;
  p.clock = clock;
  for (const auto& f : files)
    for (auto& ad : classad::read_ads_file(f)) p.ads.push_back(std::move(ad));
  for (int i = 0; i < static_cast<int>(p.ads.size()); ++i) {
    const auto is_root = classad::parse_expression(roots_text, "--roots", &p.ads[i]);
    if (classad::is_true(classad::evaluate(is_root.root(), nullptr, clock))) p.roots.push_back(i);
  }
  const schedulers::GangResult r = m->match(p);
  if (auto e = model::gang::check_gangs(p, r.gangs))
    throw std::logic_error("a gang of '" + matcher + "' fails its check: " + *e);
  std::vector<char> matched(p.ads.size(), 0);
  for (std::size_t g = 0; g < r.gangs.size(); ++g) {
    const auto& nodes = r.gangs[g].nodes;
    out << fmt::format("gang {}: {}\n", g + 1, p.ads[nodes[0].ad].where());
    for (const auto& n : nodes) {
      matched[n.ad] = 1;
      if (n.parent < 0) continue;
      const auto& parent = p.ads[nodes[n.parent].ad];
      out << fmt::format("  {} port {} -> {} port {}\n", parent.where(),
                         parent.ports()[n.parent_port].label, p.ads[n.ad].where(),
                         p.ads[n.ad].ports()[n.port].label);
    }
  }
  std::string unmatched;
  for (int root : p.roots)
    if (!matched[root]) unmatched += " " + p.ads[root].where();
  if (!unmatched.empty()) out << "unmatched roots:" << unmatched << '\n';
  out << fmt::format(
      "{}: {} of {} roots matched from {} ads; {} probes, {} evaluations, {} "
      "rank evaluations\n",
      matcher, r.gangs.size(), p.roots.size(), p.ads.size(), r.stats.probes, r.stats.evaluations,
      r.stats.rank_evaluations);
  return 0;
}

}  // namespace

int classad_command(const std::vector<std::string>& args,
                    const schedulers::GangMatcherRegistry& matchers, std::ostream& out,
                    std::ostream& err) {
  CLI::App app{"arsim classad: evaluate, match and gangmatch classads"};
  app.name("arsim classad");
  app.require_subcommand(1);
  std::vector<std::string> exprs, files, params;
  std::string ad_file, other_file, time_text, matcher = "dynamic", roots = "Type == \"Job\"";
  auto* ev = app.add_subcommand("eval", "print the value of each expression, one a line");
  ev->allow_extras();  // the expressions: CLI11 would split a vector argument "[a, b]" on ','
  ev->add_option("--ad", ad_file, "evaluate in the context of this ad (its attributes by name)");
  ev->add_option("--other", other_file, "the ad `other` stands for (needs --ad)");
  ev->add_option("--time", time_text, "the clock of DayTime(): seconds or H:MM[:SS]");
  auto* ma = app.add_subcommand("match", "do two ads match bilaterally (Raman et al. §2)?");
  ma->add_option("ads", files, "two ad files")->required()->expected(2);
  ma->add_option("--time", time_text, "the clock of DayTime(): seconds or H:MM[:SS]");
  auto* ga = app.add_subcommand("gang", "marshal gangs from the ads of the files (§4-5)");
  ga->add_option("files", files, "ad files (each may hold several ads)")->required();
  ga->add_option("--matcher", matcher, "gang matcher (see `arsim list`)");
  // One value per --param (repeat it for more), so that files may come before or after it.
  ga->add_option("--param", params, "matcher parameter key=value (repeatable)")
      ->allow_extra_args(false);
  ga->add_option("--roots", roots, "which ads are gang roots (default: Type == \"Job\")");
  ga->add_option("--time", time_text, "the clock of DayTime(): seconds or H:MM[:SS]");
  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    app.parse(reversed);
    const auto clock = clock_of(time_text);
    if (ev->parsed()) {
      exprs = ev->remaining();
      if (exprs.empty()) throw InputError("eval: expected at least one expression");
      return eval(exprs, ad_file, other_file, clock, out);
    }
    if (ma->parsed()) return match(files, clock, out);
    return gang(files, matcher, params, roots, clock, matchers, out);
  } catch (const CLI::CallForHelp&) {
    out << app.help();
    return 0;
  } catch (const CLI::CallForAllHelp&) {
    out << app.help();
    return 0;
  } catch (const CLI::ParseError& e) {
    err << "arsim classad: " << e.what() << '\n';
    return 2;
  } catch (const InputError& e) {  // classad::ParseError, ParamError, unreadable files
    err << "arsim: " << e.what() << '\n';
    return 2;
  } catch (const std::exception& e) {
    err << "arsim: error: " << e.what() << '\n';
    return 3;
  }
}

}  // namespace arsim::cli
