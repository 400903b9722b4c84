// jsdom lacks TextEncoder/TextDecoder, which Node has: the tests get them from Node.
const util = require('util');
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = util.TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = util.TextDecoder;
