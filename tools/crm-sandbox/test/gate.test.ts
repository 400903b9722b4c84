import { Gate } from '@crm-sandbox/http/Gate';
import { DEFAULT_KNOBS } from '@crm-sandbox/knobs';

it("slides its minute past thousands of requests: the older ones leave, each Retry-After from the limit's oldest", () => {
  let now = 0;
  const gate = new Gate({ ...DEFAULT_KNOBS, rateLimitPerMinute: 3000 }, () => now, 1);
  // 3000 requests over 30 s fill the window.
  for (let sent = 0; sent < 3000; sent += 1) {
    expect(gate.rateLimit('acme')).toBeNull();
    now += 10;
  }
  expect(gate.rateLimit('acme')).toBe(30);
  // Another key has its own window.
  expect(gate.rateLimit('beta')).toBeNull();

  // At 60 s the first request (t = 0) has left: one more goes, and the next waits for t = 10 ms.
  now = 60_000;
  expect(gate.rateLimit('acme')).toBeNull();
  expect(gate.rateLimit('acme')).toBe(1);

  // At 90 s only the request of 60 s is left: 2999 more go, the next waits until 120 s.
  now = 90_000;
  for (let sent = 0; sent < 2999; sent += 1) expect(gate.rateLimit('acme')).toBeNull();
  expect(gate.rateLimit('acme')).toBe(30);
});
