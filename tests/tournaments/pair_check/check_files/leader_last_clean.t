# leader_last.t with round 3 kept in the score groups: Ann v Eve, Ben v Cat, Dan v Fay.
Ash, Ann     1800 2 3 5; 450 580
Bell, Ben    1700 1 6 3; 350 400
Cole, Cat    1600 4 1 2; 420 380
Dunn, Dan    1500 3 5 6; 400 300
Eze, Eve     1400 6 4 1; 400 400
Fox, Fay     1300 5 2 4; 350 390
