# Swiss: after round 2 Ann leads (2-0) and Dan is last (0-2); round 3 pairs Ann with Dan and
# floats Eve and Cat down although Ann v Eve, Ben v Cat, Dan v Fay keeps every game in its group.
Ash, Ann     1800 2 3 4; 450 580
Bell, Ben    1700 1 6 5; 350 400
Cole, Cat    1600 4 1 6; 420 380
Dunn, Dan    1500 3 5 1; 400 300
Eze, Eve     1400 6 4 2; 400 400
Fox, Fay     1300 5 2 3; 350 390
