import type { ThemeConfig } from "antd";

/**
 * antd's default blue and its light greys fall short of WCAG AA contrast (4.5:1) for text: the
 * primary and the status colours (tags, danger buttons) are darker shades of themselves, and
 * secondary, description and placeholder texts are dark enough to read.
 */
export const ACCESSIBLE_THEME: ThemeConfig = {
  token: {
    colorPrimary: "#0958d9",
    // Hovered, a primary button turns darker, not lighter: white on it stays readable.
    colorPrimaryHover: "#003eb3",
    colorInfo: "#0958d9",
    colorLink: "#0958d9",
    colorSuccess: "#237804",
    colorWarning: "#ad4e00",
    colorError: "#cf1322",
    // antd derives a status's light background from its colour; from these darker shades it would turn grey.
    colorSuccessBg: "#f6ffed",
    colorSuccessBorder: "#b7eb8f",
    colorWarningBg: "#fffbe6",
    colorWarningBorder: "#ffe58f",
    colorErrorBg: "#fff2f0",
    colorErrorBorder: "#ffccc7",
    colorInfoBg: "#e6f4ff",
    colorInfoBorder: "#91caff",
    colorTextTertiary: "rgba(0, 0, 0, 0.6)",
    colorTextDescription: "rgba(0, 0, 0, 0.6)",
    colorTextPlaceholder: "rgba(0, 0, 0, 0.56)",
    // A disabled control (the header's currency at checkout) still has to be read.
    colorTextDisabled: "rgba(0, 0, 0, 0.56)",
    // A preset tag's text is its colour's 7th shade on the 1st; where that is too light, the next darker shade.
    green7: "#237804",
    cyan7: "#006d75",
    gold7: "#874d00",
    orange7: "#ad4e00",
    lime7: "#3f6600",
    volcano7: "#ad2102",
    yellow7: "#876800",
  },
};

