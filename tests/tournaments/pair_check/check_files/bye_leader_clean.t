# bye_leader.t with round 2's bye where it belongs: Ben, the lowest placed without one.
Ash, Ann     1800 2 3; 400
Bell, Ben    1700 1 0; 300 50
Cole, Cat    1600 4 1; 400
Dunn, Dan    1500 3 5; 350
Eze, Eve     1400 0 4; 50
