import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desk', { width: 1280, height: 900 }]]) {
  const page = await browser.newPage({ viewport });
  await page.goto('http://127.0.0.1:3299/login');
  await page.getByLabel('Email').fill('director@demo.test');
  await page.getByLabel('Password').fill('e2e-demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: /^Welcome back/ }).waitFor();
  await page.goto('http://127.0.0.1:3299/program-management');
  await page.getByRole('button', { name: /^Requirements of Paramedic/ }).first().click();
  await page.getByText('Successful attempts a student needs').waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/req-${name}-minimums.png` });
  const first = page.getByLabel(/^Clinical minimum for /).first();
  await first.fill('2');
  await page.getByRole('button', { name: 'Save minimums' }).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/req-${name}-saved.png` });
  await page.getByRole('tab', { name: 'Patient contacts' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/req-${name}-contacts.png` });
  await page.close();
}
await browser.close();
