// Rows of an output file as structs, each file's columns declared once as (name, formatter) pairs,
// so a header cannot drift from the fields written under it (docs/reference/outputs.md).
//
//   struct Row { int id; std::optional<double> start; };
//   const metrics::Columns<Row> cols = {metrics::column("id", &Row::id),
//                                       metrics::column("start", &Row::start)};
//   std::string text = metrics::rows_csv(cols, rows);
//
// An empty std::optional is an empty field: a time that did not happen.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "sim/metrics/csv.hpp"

namespace arsim::metrics {

template <class Row>
struct Column {
  std::string name;
  std::function<void(CsvWriter&, const Row&)> put;  // writes exactly one field
};

template <class Row>
using Columns = std::vector<Column<Row>>;

// The column showing one member of the row as CsvWriter::field shows its type.
template <class Row, class T>
Column<Row> column(std::string name, T Row::*member) {
  return {std::move(name), [member](CsvWriter& w, const Row& r) { w.field(r.*member); }};
}

// The column computed by `f(row)`, any value CsvWriter::field takes.
template <class Row, class F>
Column<Row> computed(std::string name, F f) {
  return {std::move(name), [f](CsvWriter& w, const Row& r) { w.field(f(r)); }};
}

// The columns of a part of the row (a member of type Part), under the same names.
template <class Row, class Part>
Columns<Row> columns_of(const Columns<Part>& part, Part Row::*member) {
  Columns<Row> out;
  for (const auto& c : part)
    out.push_back(
        {c.name, [put = c.put, member](CsvWriter& w, const Row& r) { put(w, r.*member); }});
  return out;
}

template <class Row>
std::vector<std::string> header_of(const Columns<Row>& columns) {
  std::vector<std::string> h;
  for (const auto& c : columns) h.push_back(c.name);
  return h;
}

// The CSV text: the header, then one line per row in the order given.
template <class Row, class Rows>
std::string rows_csv(const Columns<Row>& columns, const Rows& rows) {
  CsvWriter w(header_of(columns));
  for (const Row& r : rows) {
    for (const auto& c : columns) c.put(w, r);
    w.end_row();
  }
  return w.str();
}

}  // namespace arsim::metrics
