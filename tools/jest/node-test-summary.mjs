// node:test reporter that emits the same summary JSON as the Jest summary reporter.
export default async function* summary(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for await (const event of source) {
    if (event.data?.details?.type === 'suite') continue;
    if (event.type === 'test:pass') {
      if (event.data.skip || event.data.todo) skipped += 1;
      else passed += 1;
    }
    if (event.type === 'test:fail') failed += 1;
  }
  yield JSON.stringify({ passed, failed, skipped });
}
