/** The signed-in user's public profile. The session token itself stays in the HttpOnly cookie, out of reach of scripts. */
export type PublicProfile = {
  id: string;
  name: string;
  email: string;
  phone: string;
  role: 'admin' | 'user';
  purchasedVideos: { key: string; purchaseDate: string }[];
};

/** Fetches the profile with the session cookie; null when signed out or unreachable. */
export async function loadProfile(): Promise<PublicProfile | null> {
  try {
    const res = await fetch('/profile', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    return res.ok ? (await res.json()) as PublicProfile : null;
  } catch {
    return null;
  }
}
