/**
 * Screen tests wait for what a screen draws after reading the device database. On CI's two cores, running a test
 * file per core, a read that takes 50 ms alone can take over a second, the testing library's default wait: a screen
 * that would draw the right thing failed for being slow. Waits are longer; what a test asserts is unchanged.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });
