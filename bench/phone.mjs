// Lighthouse's phone, applied to a Playwright page through the DevTools protocol: 4× slower CPU, 150 ms round
// trips, 1.6 Mbit/s down (bench/wake.mjs, bench/first-press.mjs).

export const PHONE = {
  cpuSlowdown: 4,
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
};

export const PHONE_VIEWPORT = { width: 412, height: 823 };

export async function phonePage(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpuSlowdown });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", PHONE.network);
  return { page, cdp };
}
