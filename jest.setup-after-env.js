// DOM matchers (toBeInTheDocument, toBeDisabled, ...) for every jsdom suite.
require('@testing-library/jest-dom');
