-- uuid_seq.clock_shift: the text must be an interval within 200 years
-- either way, counted without overflow.  clock_shift.out for PostgreSQL 15
-- and later; clock_shift_1.out for 13 and 14, whose interval input refuses
-- the overflowing example itself (it is "not an interval" there).
-- (without preload the setting exists once the library is loaded)
SELECT uuid_version('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS loads_the_library;
SET uuid_seq.clock_shift = 'soon';
SET uuid_seq.clock_shift = '300 years';
-- fields whose product overflows 64 bits (the total is about -8.8 days)
SET uuid_seq.clock_shift = '-106752000 days 2562047788:00:54.775807';
-- fields that cancel out are counted exactly: 300 - 100 years is in range
SET uuid_seq.clock_shift = '300 years -36525 days';
SHOW uuid_seq.clock_shift;
RESET uuid_seq.clock_shift;
