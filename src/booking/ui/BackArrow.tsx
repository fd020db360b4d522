import { ArrowLeftOutlined, ArrowRightOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { textDirection } from "../../i18n/i18n";

/** The icon of a "back" action: it points the way back in the language read, to the right in Arabic. */
export function BackArrow() {
  const { i18n } = useTranslation();
  return textDirection(i18n.language) === "rtl" ? <ArrowRightOutlined /> : <ArrowLeftOutlined />;
}
