export async function campaignBench(_b: string) {}
