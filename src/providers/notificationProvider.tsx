import type { NotificationProvider } from "@refinedev/core";
import { Button } from "antd";
import { i18n } from "../i18n/i18n";
import { notifier } from "./notifier";

export const notificationProvider: NotificationProvider = {
  open: ({ key, message, description, type, cancelMutation, undoableTimeout }) => {
    if (type === "progress") {
      notifier.show({
        key,
        type: "info",
        message,
        description,
        durationMs: (undoableTimeout ?? 5) * 1000,
        btn: (
          <Button
            size="small"
            onClick={() => {
              cancelMutation?.();
              if (key) notifier.close(key);
            }}
          >
            {i18n.t("buttons.undo")}
          </Button>
        ),
      });
      return;
    }
    notifier.show({ key, type, message, description });
  },
  close: (key) => notifier.close(key),
};
