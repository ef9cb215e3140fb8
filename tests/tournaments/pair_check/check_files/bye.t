# Swiss: Eve has the bye in round 1 and again in round 2, while everyone else has none.
Ash, Ann     1800 2 3; 400 400
Bell, Ben    1700 1 4; 300 400
Cole, Cat    1600 4 1; 400 300
Dunn, Dan    1500 3 2; 300 300
Eze, Eve     1400 0 0; 50 50
