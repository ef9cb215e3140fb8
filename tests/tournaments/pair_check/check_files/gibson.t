# Swiss over 3 rounds, 2 prize places: after round 2 Ann has clinched first and only Fay is out
# of the prizes, yet Ann plays Dan (who can still finish second) in round 3.
Ash, Ann     1800 2 3 4; 600 600
Bell, Ben    1700 1 6 5; 100 410
Cole, Cat    1600 4 1 6; 400 100
Dunn, Dan    1500 3 5 1; 390 550
Eze, Eve     1400 6 4 2; 550 400
Fox, Fay     1300 5 2 3; 100 100
