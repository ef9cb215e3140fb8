# Swiss, no repeats allowed: round 2 pairs 1 v 2 and 3 v 4 again although 1 v 3, 2 v 4 was open.
Ash, Ann     1800 2 2; 400 400
Bell, Ben    1700 1 1; 300 300
Cole, Cat    1600 4 4; 400 400
Dunn, Dan    1500 3 3; 300 300
