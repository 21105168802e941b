# A made-up network in the Internet Topology Zoo's GML layout, written for arsim's tests: one
# network (Tiny), a label with a space, an external node D, a self-loop and a list value.
Creator "arsim tests"
graph [
  directed 0
  Network "Tiny"
  node [ id 0 label "New York" Latitude 0 Longitude 0 Internal 1 ]
  node [
    id 1
    label "B"
    Latitude 0
    Longitude 1
    Internal 1
    graphics [ x 10 y 20 ]
  ]
  node [ id 2 label "C" Latitude 1 Longitude 0 Internal 1 ]
  node [ id 3 label "D" Latitude 1 Longitude 1 Internal 0 ]
  edge [ source 0 target 1 LinkSpeedRaw 1e10 ]
  edge [ source 1 target 2 LinkSpeed "2.5" LinkSpeedUnits "G" ]
  edge [ source 2 target 0 ]
  edge [ source 2 target 3 LinkLabel "peering" ]
  edge [ source 1 target 1 ]
]
