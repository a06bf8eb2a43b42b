export async function lighthouseBench() {}
