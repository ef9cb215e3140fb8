# Queen of the hill: after round 1 the standings are Ann, Ben, Dan, Cat, so round 2 should be
# Ann v Dan and Ben v Cat (1 v 3, 2 v 4); the file pairs them as king of the hill would.
Ash, Ann     1800 3 2; 400
Bell, Ben    1700 4 1; 400
Cole, Cat    1600 1 4; 300
Dunn, Dan    1500 2 3; 350
