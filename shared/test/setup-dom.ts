import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// A first `findBy…` often waits for a lazily imported chunk (a role's forms, a menu) that SWC compiles on
// first use: 1 s (the library's default) was not enough on a loaded 2-core CI machine. Waits end as soon
// as the element is there, so a passing test is no slower; only a failing one waits longer.
configure({ asyncUtilTimeout: 8_000 });
