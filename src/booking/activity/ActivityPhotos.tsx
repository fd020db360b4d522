import { Image, Space } from "antd";
import { useTranslation } from "react-i18next";
import type { Activity } from "../../contract/activities";

const WIDTH = 160;
const HEIGHT = 110;
/** Shown in place of a picture its supplier's server does not give: a grey frame with a picture sign. */
const MISSING = `data:image/svg+xml;utf8,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 160 110"><rect width="160" height="110" fill="#f0f0f0"/><path d="M52 78l20-24 14 16 10-12 20 20z" fill="#bfbfbf"/><circle cx="104" cy="38" r="8" fill="#bfbfbf"/></svg>`,
)}`;
const FRAME = { objectFit: "cover", borderRadius: 6 } as const;

/** The activity's first picture, beside it in the results; nothing when its supplier publishes none. */
export function ActivityThumbnail({ activity }: { activity: Activity }) {
  const [first] = activity.images;
  if (!first) return null;
  return (
    <div style={{ flex: `0 0 ${WIDTH}px` }} data-testid="activity-thumbnail">
      <Image src={first} alt={activity.name} width={WIDTH} height={HEIGHT} style={FRAME} fallback={MISSING} preview={false} />
    </div>
  );
}

/** Every picture of the activity, each opening large, on its page. */
export function ActivityGallery({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  if (activity.images.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Space wrap size={8} data-testid="activity-gallery">
        {activity.images.map((url, index) => (
          <Image key={url} src={url} alt={t("booking.activity.page.photo", { name: activity.name, number: index + 1 })} width={WIDTH} height={HEIGHT} style={FRAME} fallback={MISSING} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
