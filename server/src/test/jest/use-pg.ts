// Which database the tests of this Jest project open (read by src/test/test-database.ts).
process.env.NEGAYNO_TEST_DB = 'pg';
