graph [ node [ id 1 ] node [ id 2 label "a b" ] edge [ source 1 target 2 LinkSpeed "1" LinkSpeedUnits "M" ] edge [ source 2 target 1 ] ]
