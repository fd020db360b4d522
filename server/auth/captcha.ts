import { z } from "zod";

export interface CaptchaVerdict {
  success: boolean;
  /** reCAPTCHA v3's 0..1 likelihood of a human; absent for v2. */
  score?: number;
}

export type CaptchaVerifier = (token: string, remoteAddress: string) => Promise<CaptchaVerdict>;

const siteverifyResponseSchema = z.object({ success: z.boolean(), score: z.number().optional() });

/** Google's siteverify (RECAPTCHA_VERIFY_URL); any failure to ask counts as a failed captcha. */
export function googleCaptchaVerifier(secret: string, verifyUrl: string): CaptchaVerifier {
  return async (token, remoteAddress) => {
    try {
      const response = await fetch(verifyUrl, {
        method: "POST",
        body: new URLSearchParams({ secret, response: token, remoteip: remoteAddress }),
        signal: AbortSignal.timeout(5000),
      });
      const parsed = siteverifyResponseSchema.safeParse(await response.json());
      return parsed.success ? parsed.data : { success: false };
    } catch {
      return { success: false };
    }
  };
}

export const captchaPasses = (verdict: CaptchaVerdict, minScore: number) =>
  verdict.success && (verdict.score === undefined || verdict.score >= minScore);
